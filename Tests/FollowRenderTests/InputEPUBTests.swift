import Foundation
import Testing
@testable import FollowRender

@Suite("Read-aloud EPUBs from text, Markdown and PDF")
struct InputEPUBTests {
    @Test("the read-aloud EPUB built from Markdown passes EPUBCheck, with its cover, and sidecars name the input file")
    func markdownEPUB() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cover = folder + "/cover.svg"
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="90"><rect width="60" height="90" fill="#386"/></svg>"##
        try Data(svg.utf8).write(to: URL(fileURLWithPath: cover))
        let epub = folder + "/allotment.epub"
        let run = try CommandRun.cli([InputFixtures.path("features.md"), "--rate", "4x", "--jobs", "2", "--quiet", "--out",
                                      folder + "/out", "--epub", epub, "--sync", "guided", "--cover", cover])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try EPUBCheckRun.messages(epub).filter(\.isError) == [])
        let manifest = try #require(try RenderedBook.load(folder + "/out").manifest)
        #expect(manifest.chapters.map(\.href) == ["features.md#chapter-1", "features.md#chapter-2"])
        #expect(manifest.title == "Notes from the Allotment" && manifest.language == "en")
        let timingFile = folder + "/out/" + manifest.chapters[0].timing
        let timing = try JSONCoding.decode(ChapterTiming.self, from: Data(contentsOf: URL(fileURLWithPath: timingFile)))
        #expect(timing.chapter.href == "features.md#chapter-1")
        let guided = try String(contentsOfFile: timingFile.replacingOccurrences(of: ".timing.json", with: ".guided.json"),
                                encoding: .utf8)
        #expect(guided.contains("\"textref\" : \"OEBPS/chapter-1.xhtml#fr-s1\""), "\(guided.prefix(300))")
        #expect(!guided.contains("features.md#"))
        let opened = try EPUBArchive(path: epub)
        #expect(opened.book.metadata.coverPath == "OEBPS/cover.svg")
        #expect(opened.book.manifest.filter { $0.mediaType == "application/smil+xml" }.count == 2)
        #expect(opened.book.metadata.creators == ["Ines Okafor"])
    }

    @Test("the read-aloud EPUB built from a two-column PDF passes EPUBCheck")
    func pdfEPUB() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let epub = folder + "/harbour.epub"
        let run = try CommandRun.cli([try InputFixtures.pdf("two-column.pdf"), "--rate", "4x", "--quiet", "--chapters", "2",
                                      "--epub", epub])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try EPUBCheckRun.messages(epub).filter(\.isError) == [])
        #expect(try EPUBArchive(path: epub).book.metadata.title == "The Harbour Almanac")
    }

    @Test("the web player is written for a Markdown book, by render --web and by web --book")
    func webPlayer() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = InputFixtures.path("features.md")
        let render = try CommandRun.cli([book, "--rate", "4x", "--quiet", "--out", folder + "/out", "--web"])
        #expect(render.status == 0, "\(render.stderr)")
        let page = try String(contentsOfFile: folder + "/out/001-spring.html", encoding: .utf8)
        #expect(page.contains("A garden is a conversation that lasts for years."))
        #expect(try String(contentsOfFile: folder + "/out/index.html", encoding: .utf8).contains("Notes from the Allotment"))
        let again = try CommandRun.cli(["web", folder + "/out", "--book", book])
        #expect(again.status == 0 && !again.stderr.contains("warning"), "\(again.stderr)")
    }

    @Test("inspect shows the detected encoding and the guessed language")
    func inspectShowsEncoding() throws {
        let path = InputFixtures.path("harbour-shift_jis.txt")
        let table = try CommandRun.cli(["inspect", path])
        #expect(table.status == 0)
        #expect(table.stdout.contains("Language:  ja (from script)"))
        #expect(table.stdout.contains("Input:     text, encoding Shift_JIS (detected "))
        let json = try CommandRun.cli(["inspect", path, "--json"])
        let report = try JSONCoding.decode(BookInspection.self, from: Data(json.stdout.utf8))
        #expect(report.input?.encoding == "Shift_JIS" && report.input?.format == .text && report.language == "ja")
        #expect(report.chapters.map(\.href) == ["harbour-shift_jis.txt#chapter-1", "harbour-shift_jis.txt#chapter-2"])
    }

    @Test("a bad input option is one line naming the file")
    func badOptions() throws {
        let path = InputFixtures.path("lighthouse.txt")
        let encoding = try CommandRun.cli(["inspect", path, "--encoding", "klingon-8"])
        #expect(encoding.status == 1 && encoding.stderr == "follow-render: \(path): unknown encoding 'klingon-8'\n")
        let cover = try CommandRun.cli(["inspect", path, "--cover", path])
        #expect(cover.status == 1 && cover.stderr.contains("not a JPEG, PNG, GIF or SVG image"))
    }
}
