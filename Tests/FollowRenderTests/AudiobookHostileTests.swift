import Foundation
import Testing
@testable import FollowRender

/// The single-file audiobook on a generated book with 300 chapters and hostile
/// titles, on reruns, and when packaging fails.
@Suite("Single-file audiobooks: many chapters, hostile names, failures", .serialized)
struct AudiobookHostileTests {
    static let hostile = ["../../etc/passwd", "..", "A\u{7}bell\u{1B}[31m and\ttab", "Emoji 📚🦊 chapter", String(repeating: "Long ", count: 60)]

    /// An EPUB 3 with 300 one-sentence chapters; the first five have hostile titles.
    static func bigBook() throws -> String {
        let folder = try TestPaths.temporaryFolder("big-book")
        var files = EPUBTestSupport.minimalBook()
        let titles = (1...300).map { $0 <= hostile.count ? hostile[$0 - 1] : "Chapter \($0)" }
        let escape = { (text: String) in
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" }.map(String.init).joined()
        }
        let items = (1...300).map { "<item id=\"c\($0)\" href=\"c\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:00000000-0000-0000-0000-000000000300</dc:identifier>
                <dc:title>../Evil/Title: &lt;300&gt; | chapters?</dc:title>
                <dc:creator>A/B Author</dc:creator>
                <dc:language>en</dc:language>
                <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
              </metadata>
              <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>\(items.joined())</manifest>
              <spine>\((1...300).map { "<itemref idref=\"c\($0)\"/>" }.joined())</spine>
            </package>
            """
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
            <body><nav epub:type="toc"><ol>\(titles.enumerated().map { "<li><a href=\"c\($0 + 1).xhtml\">\(escape($1))</a></li>" }.joined())</ol></nav></body></html>
            """
        files = files.filter { $0.0 == "mimetype" || $0.0 == "META-INF/container.xml" }
        files += [("EPUB/package.opf", Data(package.utf8)), ("EPUB/nav.xhtml", Data(nav.utf8))]
        files += (1...300).map { ("EPUB/c\($0).xhtml", Data(EPUBTestSupport.chapterXHTML("<p>Part \($0).</p>").utf8)) }
        return try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/big.epub")).path
    }

    @Test("a 300-chapter book with hostile titles keeps every chapter in the M4B chapter track, nested CTOCs of the MP3 and the Opus comments, with safe library paths")
    func threeHundredChapters() throws {
        let book = try Self.bigBook()
        let folder = try TestPaths.temporaryFolder(), library = try TestPaths.temporaryFolder("library")
        let run = try CommandRun.cli([book, "--rate", "4x", "--out", folder, "--quiet", "--audiobook", folder + "/book.m4b", "--library", library])
        try #require(run.status == 0, "\(run.stderr)")
        let render = try RenderedFolder.load(folder, run: run)
        try #require(render.manifest.chapters.count == 300)
        let titles = render.manifest.chapters.map { SafeName.title($0.title, fallback: "Chapter \($0.index)") }
        #expect(titles.allSatisfy { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } && $0.count <= 200 })
        #expect(titles[3] == "Emoji 📚🦊 chapter")
        let lengths = try DecodedAudio.all(render.manifest.chapters.map { render.file($0.audioFile) }).map(\.duration)

        for format in ["m4b", "mp3", "opus"] {
            if format != "m4b" {
                let again = try CommandRun.cli([book, "--rate", "4x", "--out", folder, "--quiet", "--audiobook", folder + "/book.\(format)"])
                try #require(again.status == 0, "\(again.stderr)")
            }
            let probe = try AudiobookProbe(path: folder + "/book.\(format)")
            #expect(probe.chapters.map(\.title) == titles, "\(format)")
            let entry = try #require(try RenderedFolder.load(folder, run: run).manifest.audiobook)
            let marks = TOCMarks.expected(try RenderedFolder.load(folder, run: run).manifest, marks: probe.chapters.count)
            #expect(marks.count == 300)
            #expect(zip(probe.chapters, marks).allSatisfy { abs($0.start - $1.start) <= AudiobookTests.frameSeconds[format]! },
                    "\(format)")
            SingleFileSpans.check(entry, lengths: lengths, format: format)
        }
        let mp4 = try AudiobookProbe.mutagen(folder + "/book.m4b")
        // Past 255 marks there is no Nero chpl (which holds 255 and which VLC reads first), only the chapter track.
        #expect((mp4["chapters"] as? [[Any]])?.isEmpty == true, "no chpl past 255 marks")
        let id3 = try AudiobookProbe.mutagen(folder + "/book.mp3")
        #expect((id3["chapters"] as? [[Any]])?.compactMap { $0[1] as? String } == titles, "nested CTOCs keep all 300")
        let tocs = try #require(id3["tocs"] as? [String: [String]])
        #expect(tocs["toc0"] == ["toc1", "toc2"] && tocs["toc1"]?.count == 255 && tocs["toc2"]?.count == 45)

        let authors = try FileManager.default.contentsOfDirectory(atPath: library)
        #expect(authors == ["A_B Author"])
        let books = try FileManager.default.contentsOfDirectory(atPath: library + "/A_B Author")
        #expect(books == ["_Evil_Title_ _300_ _ chapters_"])
        #expect(FileManager.default.fileExists(atPath: library + "/A_B Author/" + books[0] + "/" + books[0] + ".m4b"))
    }

    @Test("names are safe for every common file system")
    func safeNames() {
        #expect(SafeName.file("../..", fallback: "x") == "x")
        #expect(SafeName.file("CON", fallback: "x") == "_CON")
        #expect(SafeName.file("a/b\\c:d*e?f\"g<h>i|j\u{0}k", fallback: "x") == "a_b_c_d_e_f_g_h_i_j k")
        #expect(SafeName.file(String(repeating: "é", count: 100), fallback: "x").utf8.count <= 120)
        #expect(SafeName.file(" .hidden. ", fallback: "x") == "hidden")
        #expect(SafeName.title("\u{1}\u{2}", fallback: "Chapter 3") == "Chapter 3")
    }

    @Test("a rerun with unchanged chapters keeps the audiobook file; a changed chapter makes a new one")
    func resume() throws {
        // Two short preface chapters (Alice's 1-2, 11,492 characters, until issue 25's third round).
        let book = TestPaths.book("accessible_epub_3.epub")
        let folder = try TestPaths.temporaryFolder()
        let arguments = [book, "--rate", "4x", "--chapters", "6-7", "--out", folder, "--quiet", "--audiobook", folder + "/book.opus"]
        try #require(try CommandRun.cli(arguments).status == 0)
        let first = try stamp(folder + "/book.opus")
        try #require(try CommandRun.cli(arguments).status == 0)
        #expect(try stamp(folder + "/book.opus") == first, "nothing changed: the file is kept")
        #expect(try RenderedFolder.load(folder, run: CommandRun.cli(arguments)).manifest.audiobook != nil)
        try #require(try CommandRun.cli(arguments + ["--force", "--voice", "en-us"]).status == 0)
        #expect(try stamp(folder + "/book.opus") != first, "a chapter changed: the file is written again")
    }

    @Test("a failed packaging gives one line and leaves nothing under the final name; a bad extension is a usage error")
    func failures() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        let folder = try TestPaths.temporaryFolder()
        let missing = folder + "/no/such/folder/book.m4b"
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "1", "--out", folder, "--quiet", "--audiobook", missing])
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { AtomicFile.isTemporary($0) }
        #expect(leftovers.isEmpty)
        let usage = try CommandRun.cli([book, "--audiobook", folder + "/book.wav"])
        #expect(usage.status == 2 && usage.stderr.contains(".m4b, .m4a, .mp3 or .opus"))
    }

    @Test("a full disk while packaging gives one clear line and leaves no file under the final name",
          .enabled(if: getuid() == 0, "mounting a small tmpfs needs root (as in CI)"), arguments: ["m4b", "mp3"])
    func fullDisk(format: String) throws {
        let mountPoint = try TestPaths.temporaryFolder()
        let mount = try CommandRun.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=200k", "tmpfs", mountPoint])
        try #require(mount.status == 0, "cannot mount a tmpfs: \(mount.stderr)")
        defer { _ = try? CommandRun.run("/usr/bin/umount", [mountPoint]) }
        let folder = try TestPaths.temporaryFolder("render")
        // A chapter of 5,522 characters read without a warning (an M4B of 579 KB, an MP3 of 656 KB: about three times
        // the 200 KB disk); Alice's chapter 2 (11,443) until issue 25's third round.
        let run = try CommandRun.cli([TestPaths.book("p-g-wodehouse_love-among-the-chickens.epub"), "--rate", "4x", "--chapters", "5", "--out", folder,
                                      "--quiet", "--audiobook", mountPoint + "/book." + format])
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("disk full (No space left on device)"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint).isEmpty)
    }

    private func stamp(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return "\(attributes[.systemFileNumber] as? Int ?? -1)@\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1)"
    }
}
