import Foundation
import Testing
@testable import FollowRender

@Suite("The follow-render command line")
struct CommandLineTests {
    @Test("--version names follow-render and the library versions the installed tools of the same packages report")
    func version() throws {
        let run = try CommandRun.cli(["--version"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "follow-render \(FollowRenderVersion.current)")
        let espeak = try CommandRun.run("/usr/bin/espeak-ng", ["--version"]).stdout
        let ffprobe = try CommandRun.run("/usr/bin/ffprobe", ["-version"]).stdout
        let lame = try CommandRun.run("/usr/bin/lame", ["--version"]).stdout
        for (prefix, tool) in [("eSpeak NG ", espeak), ("FFmpeg ", ffprobe), ("LAME ", lame)] {
            let line = try #require(lines.first { $0.hasPrefix(prefix) }, "\(prefix)in \(run.stdout)")
            #expect(tool.contains(line.dropFirst(prefix.count)), "\(line) against: \(tool.prefix(120))")
        }
        #expect(lines.contains { $0.hasPrefix("ICU ") })
    }

    @Test("inspect prints the sample book's metadata and chapter rows")
    func inspectTable() throws {
        let run = try CommandRun.cli(["inspect", TestPaths.sampleBook])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Title:     The Lighthouse Clock"))
        #expect(run.stdout.contains("OEBPS/chapter-1.xhtml"))
        #expect(run.stderr.isEmpty)
    }

    @Test("inspect --json has the documented shape, and an unpacked folder gives the same report as its zip")
    func inspectJSON() throws {
        let zipped = try CommandRun.cli(["inspect", TestPaths.sampleBook, "--json"])
        let unpacked = try CommandRun.cli(["inspect", TestPaths.sampleFolder, "--json"])
        #expect(zipped.status == 0)
        #expect(zipped.stdout == unpacked.stdout)
        let report = try JSONCoding.decode(BookInspection.self, from: Data(zipped.stdout.utf8))
        #expect(report.title == "The Lighthouse Clock")
        #expect(report.version == "3.0")
        #expect(report.chapters.map(\.title) == ["One: The Keeper", "Two: The Storm"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(zipped.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["title", "authors", "language", "version", "layout", "chapters"]))
        let chapter = try #require((object["chapters"] as? [[String: Any]])?.first)
        #expect(Set(chapter.keys).isSuperset(of: ["index", "href", "title", "language", "characters", "sentences", "words"]))
    }

    @Test("segment leaves out the footnote, the note reference and the page number, and keeps the emoji's two units")
    func segmentSample() throws {
        let run = try CommandRun.cli(["segment", TestPaths.sampleBook, "--chapter", "1", "--json"])
        let segmentation = try JSONCoding.decode(ChapterSegmentation.self, from: Data(run.stdout.utf8))
        #expect(!segmentation.text.contains("Keepers often"))
        #expect(!segmentation.text.contains("way.1"))
        #expect(!segmentation.text.contains("\n2\n"))
        let honey = try #require(segmentation.text.range(of: "🍯"))
        let location = segmentation.text.utf16.distance(from: segmentation.text.utf16.startIndex, to: honey.lowerBound)
        let sentence = try #require(segmentation.sentences.first { $0.range.contains(location) })
        let after = try #require(sentence.words.first { $0.location > location })
        #expect(after.location == location + 3)
        let withNotes = try CommandRun.cli(["segment", TestPaths.sampleBook, "--chapter", "1", "--include-notes"])
        #expect(withNotes.stdout.contains("Keepers often set their clocks ahead"))
    }

    @Test("usage errors exit 2 with the command's usage", arguments: [
        ["inspect"], ["inspect", "--bogus", "x.epub"], ["segment", "x.epub"], ["segment", "x.epub", "--chapter", "zero"],
        ["frobnicate-this.epub", "--rate", "9x"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try CommandRun.cli(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("Usage:"))
    }

    @Test("every command explains itself with --help", arguments: ["inspect", "segment", "render"])
    func help(command: String) throws {
        let run = try CommandRun.cli([command, "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Usage: follow-render"))
    }

    @Test("a book that cannot be read exits 1 with one line naming the file")
    func unreadableBook() throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder + "/not-a-book.epub"
        try Data("plain text, not a zip".utf8).write(to: URL(fileURLWithPath: path))
        let run = try CommandRun.cli(["inspect", path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("follow-render: \(path): "))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("a book whose documents hold no text at all is refused as having nothing to narrate")
    func noNarratableText() throws {
        let folder = try TestPaths.temporaryFolder()
        let files = EPUBTestSupport.replacing("EPUB/text/ch2.xhtml", with: EPUBTestSupport.chapterXHTML("<div><img src=\"a.png\" alt=\"\"/></div>"),
                                              in: EPUBTestSupport.minimalBook(chapter1: "<p hidden=\"\">Hidden.</p><svg xmlns=\"http://www.w3.org/2000/svg\"/>"))
        let book = try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/pictures.epub")).path
        let run = try CommandRun.cli(["inspect", book])
        #expect(run.status == 1)
        #expect(run.stderr == "follow-render: \(book): no narratable text: no spine document has text to read\n")
    }

    @Test("every invalid corpus book is read with one warning per fault, or refused in one line, quickly",
          arguments: try TestPaths.corpusFiles("bad"))
    func badCorpus(book: String) throws {
        let run = try CommandRun.cli(["inspect", book])
        #expect(run.seconds < 1.0)
        let lines = run.stderr.split(separator: "\n")
        if run.status == 0 {
            #expect(!lines.isEmpty, "\(book) has faults but gave no warning")
            #expect(lines.allSatisfy { $0.hasPrefix("follow-render: warning: \(book): ") })
        } else {
            #expect(run.status == 1)
            #expect(lines.count == 1)
        }
    }

    @Test("every good corpus book inspects with exit 0 (speed is measured by scripts/benchmark.py, in release)",
          arguments: try TestPaths.corpusFiles("books"))
    func goodCorpus(book: String) throws {
        let run = try CommandRun.cli(["inspect", book, "--json"])
        #expect(run.status == 0, "\(book): \(run.stderr)")
        #expect(run.seconds < 10.0)
    }
}
