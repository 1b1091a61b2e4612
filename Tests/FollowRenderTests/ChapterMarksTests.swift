import Foundation
import Testing
@testable import FollowRender

/// Chapter marks that follow the table of contents, read back from the
/// written files by independent readers (`Tests/Checkers/chapter-marks-check.py`:
/// ffprobe, mutagen, libvlc, eyeD3), each within 30 ms of the decoded onset
/// of its entry's first word.
@Suite("Chapter marks from the table of contents", .serialized)
struct ChapterMarksTests {
    /// The checker's report on `file`; fails the test when the readers disagree or a mark is off its onset.
    private func check(_ file: String, skipOnsets: Bool = false) throws -> [String: Any] {
        try #require(try ChapterMarksCheck.check([file], skipOnsets: skipOnsets)[file])
    }

    /// The titles ffprobe reads.
    private func titles(_ entry: [String: Any]) -> [String] {
        ChapterMarksCheck.marks(entry).map(\.title)
    }

    private func tales(in folder: String) throws -> String {
        try NavigationBook.write(NavigationBook.tales, in: folder, name: "tales.epub")
    }

    @Test("three tales in one file are five marks in the M4B, MP3 and Opus (the title page's audio under the book's title), read alike by every reader")
    func talesInEveryFormat() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = try tales(in: folder)
        let expected = ["Three Tales", "Part One", "The Fox", "The Crow", "The Owl"]
        for format in ["m4b", "mp3", "opus"] {
            let render = try RenderedFolder.render(book, ["--rate", "4x", "--format", "none"], audiobook: "tales.\(format)",
                                                   name: "tales\(format)")
            defer { try? FileManager.default.removeItem(atPath: render.path) }
            let entry = try check(render.file("tales.\(format)"))
            #expect(titles(entry) == expected, "\(format)")
            let cue = try String(contentsOfFile: render.file("book.cue"), encoding: .utf8)
            #expect(cue.components(separatedBy: "TRACK ").count - 1 == expected.count)
            let toc = try #require(render.manifest.toc)
            #expect(render.manifest.version == 3)
            #expect(toc.map(\.title) == ["Part One", "The Owl"] && toc[0].children.map(\.title) == ["The Fox", "The Crow"])
            #expect(toc.flatMap(\.flattened).allSatisfy { $0.time != nil && $0.chapter == 2 })
            if format == "mp3" {
                let ctoc = try #require(entry["ctoc"] as? [String: [String: Any]])
                #expect(ctoc["toc0"]?["children"] as? [String] == ["chp0", "toc1", "chp4"])
                #expect(ctoc["toc1"]?["children"] as? [String] == ["chp1", "chp2", "chp3"])
                #expect(ctoc["toc1"]?["title"] as? String == "Part One")
            }
        }
    }

    @Test("--library writes a metadata.json chapter per mark")
    func libraryMetadata() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = try tales(in: folder)
        let run = try CommandRun.cli([book, "--rate", "4x", "--format", "none", "--out", folder + "/out", "--library", folder + "/shelf", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let metadata = try #require(FileManager.default.enumerator(atPath: folder + "/shelf")?.compactMap { $0 as? String }
            .first { $0.hasSuffix("metadata.json") })
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/shelf/" + metadata)))
        let chapters = try #require((document as? [String: Any])?["chapters"] as? [[String: Any]])
        #expect(chapters.compactMap { $0["title"] as? String } == ["Three Tales", "Part One", "The Fox", "The Crow", "The Owl"])
    }

    @Test("a 300-entry book has 300 marks in its M4B: VLC and ffprobe read all of them from the chapter track (no chpl past 255)")
    func threeHundredEntries() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 300
        let items = (1...count).map { "<li><a href=\"all.xhtml#s\($0)\">Section \($0)</a></li>" }.joined()
        let body = (1...count).map { "<p id=\"s\($0)\">Part \($0).</p>" }.joined()
        let book = try NavigationBook.write(NavigationBook.files(items: items, documents: [("all.xhtml", body)], title: "Many"),
                                            in: folder)
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--format", "none"], audiobook: "many.m4b")
        defer { try? FileManager.default.removeItem(atPath: render.path) }
        let entry = try check(render.file("many.m4b"), skipOnsets: true)
        let readers = try #require(entry["readers"] as? [String: Any])
        #expect((readers["vlc"] as? [[Any]])?.count == count)
        #expect((readers["ffprobe"] as? [[Any]])?.count == count)
        // mutagen reads only Nero chpl, which is left out past 255 marks.
        #expect(readers["mutagen"] as? String == "no chpl (more than 255 marks)")
        #expect(titles(entry).last == "Section \(count)")
    }

    @Test("web player: the book page nests the entries with durations; a chapter page's contents menu lists them and a click plays from the entry's first word (Chromium); headings keep their levels")
    func contentsMenu() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try RenderedFolder.render(try tales(in: folder), ["--rate", "4x", "--web"])
        defer { try? FileManager.default.removeItem(atPath: render.path) }
        let checker = TestPaths.checker("contents-menu-check.py")
        let run = try CommandRun.run("/usr/bin/python3", [checker, "--folder", render.path])
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
        let checks = report?["checks"] as? [[String: Any]] ?? []
        #expect(checks.count >= 9 && checks.allSatisfy { $0["ok"] as? Bool == true }, "\(checks)")
        // Headings keep their source levels: the part is an h1, its stories h2.
        let page = try String(contentsOfFile: render.file("002-part-one.html"), encoding: .utf8)
        #expect(page.contains("<h1 data-at=\"0\">Part One</h1>"), "\(page)")
        #expect(page.contains(">The Fox</h2>") && page.contains(">The Crow</h2>") && page.contains(">The Owl</h1>"))
    }
}
