import Foundation
import Testing
@testable import FollowRender

/// Every input read, or refused in one line (issue 23, class 5), through the CLI.
@Suite("Inputs read or refused in one line", .serialized)
struct InputRefusalTests {
    private func warnings(_ run: CommandRun) -> [Substring] {
        run.stderr.split(separator: "\n").filter { $0.hasPrefix("follow-render: warning:") }
    }

    @Test("UTF-16 and UTF-32 text without a byte-order mark is told by its NUL bytes, not read as UTF-8",
          arguments: [("UTF-16LE", String.Encoding.utf16LittleEndian), ("UTF-16BE", .utf16BigEndian),
                      ("UTF-32LE", .utf32LittleEndian), ("UTF-32BE", .utf32BigEndian)])
    func wideTextWithoutMark(name: String, encoding: String.Encoding) throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder + "/kettle.txt"
        let text = "The Kettle\n\nChapter 1\n\nThe kettle sang on the stove. Nobody came to lift it.\n"
        try #require(text.data(using: encoding)).write(to: URL(fileURLWithPath: path))
        let inspect = try CommandRun.cli(["inspect", path])
        #expect(inspect.status == 0 && inspect.stdout.contains("encoding \(name)"), "\(inspect.stdout)\(inspect.stderr)")
        let segment = try CommandRun.cli(["segment", path, "--chapter", "2"])
        #expect(segment.stdout.contains("The kettle sang on the stove."), "\(segment.stdout)")
        #expect(!segment.stdout.contains("\u{FFFD}") && !segment.stdout.contains("\u{0}"))
        #expect(TextDecoder.wideEncoding(Array("plain ASCII".utf8)) == nil)
    }

    /// (Through the library: the CLI's `inspect` of it segments 2 million words, 40 s in a debug build.)
    @Test("a 10.5 MB text of one paragraph is read as paragraphs of at most a million characters, past libxml2's 10 MB text limit")
    func oneHugeParagraph() throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder + "/long.txt"
        let sentence = "The tide came in over the flat grey sand and went out again. "
        try String(repeating: sentence, count: 10_500_000 / sentence.count).write(toFile: path, atomically: true, encoding: .utf8)
        let archive = try BookSource.open(path: path)
        let chapter = try #require(try ChapterReader(archive: archive).unsegmentedChapter(archive.book.spine[0]))
        #expect(chapter.text.paragraphs.count >= 11, "\(chapter.text.paragraphs.count) paragraphs")
        #expect(chapter.text.paragraphs.allSatisfy { $0.range.length <= LongParagraph.limit })
        #expect(chapter.text.utf16Count >= 10_499_000, "no text lost")
        #expect(LongParagraph.pieces("One two. Three", limit: 10) == ["One two.", "Three"], "at a sentence end")
        #expect(LongParagraph.pieces("ab&amp;cd", limit: 5) == ["ab", "&amp;", "cd"], "never inside a reference")
    }

    @Test("a chapter that cannot be read is named as the user's file, never by the generated EPUB's documents")
    func namesTheUsersFile() throws {
        let item = SpineItem(index: 2, idref: "c2", path: "OEBPS/chapter-2.xhtml", mediaType: "application/xhtml+xml", linear: true,
                             isNavigation: false, tocTitle: nil)
        var named = item
        named.sourceHref = "book.txt#chapter-2"
        let failure = UnreadableChapter(item: named, failure: BookError(.malformed, file: "OEBPS/chapter-2.xhtml", line: 3, "broken"))
        #expect(failure.warning.message == "book.txt#chapter-2: skipped: book.txt#chapter-2: line 3: broken")
        #expect(!failure.reason.contains("OEBPS"))
    }

    @Test("a FIFO given as the book, a lexicon, a cover or a batch list is refused at once by its type; a folder as --lexicon is named a folder")
    func specialFilesAsInputs() throws {
        let folder = try TestPaths.temporaryFolder()
        let fifo = folder + "/book.epub"
        #expect(mkfifo(fifo, 0o644) == 0)
        for arguments in [["inspect", fifo], [fifo, "--out", folder + "/out"], ["segment", fifo, "--chapter", "1"]] {
            let run = try CommandRun.cli(arguments)
            #expect(run.status == 1 && run.stderr == "follow-render: \(fifo): not a book file or folder but a FIFO\n", "\(run.stderr)")
        }
        let text = folder + "/book.txt"
        try "Title\n\nChapter 1\n\nWords to read.\n".write(toFile: text, atomically: true, encoding: .utf8)
        let cover = try CommandRun.cli(["inspect", text, "--cover", fifo])
        #expect(cover.status == 1 && cover.stderr.split(separator: "\n").count == 1 && cover.stderr.contains("a FIFO"), "\(cover.stderr)")
        let lexicon = try CommandRun.cli(["segment", text, "--chapter", "2", "--lexicon", fifo])
        #expect(lexicon.status == 0 && warnings(lexicon) == ["follow-render: warning: \(fifo): pronunciation lexicon skipped: not a regular file but a FIFO"],
                "\(lexicon.stderr)")
        let directory = try CommandRun.cli(["segment", text, "--chapter", "2", "--lexicon", folder])
        #expect(warnings(directory) == ["follow-render: warning: \(folder): pronunciation lexicon skipped: not a regular file but a folder"],
                "\(directory.stderr)")
        #expect((#expect(throws: BookError.self) { try BookSource.open(path: fifo) })?.kind == .notAFile)
        let list = try CommandRun.cli(["batch", fifo, "--out-root", folder + "/batch", "--dry-run"])
        #expect(list.status == 1 && list.stderr == "follow-render: \(fifo): not a regular file but a FIFO\n", "\(list.stderr)")
    }

    @Test("batch over a folder holding its own --out-root and --library renders only the books, on every rerun")
    func batchSkipsItsOutputs() throws {
        let folder = try TestPaths.temporaryFolder()
        try FileManager.default.copyItem(atPath: TestPaths.sampleBook, toPath: folder + "/sample.epub")
        let arguments = ["batch", folder, "--out-root", folder + "/out", "--library", folder + "/shelf", "--rate", "4x", "--quiet",
                         "--epub", "read-aloud.epub", "--web"]
        for _ in 0..<2 {
            let run = try CommandRun.cli(arguments)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let plan = try CommandRun.cli(arguments.filter { $0 != "--quiet" } + ["--dry-run"])
        #expect(plan.stdout.contains("1 book"), "\(plan.stdout)")
        #expect(try BookList.read(folder, skipping: [folder + "/out", folder + "/shelf"]) == [folder + "/sample.epub"])
    }

    @Test("--library naming a file is refused before any work; a --quiet batch with missing books still says why")
    func refusedEarlyAndAloud() throws {
        let folder = try TestPaths.temporaryFolder()
        let file = folder + "/not-a-folder"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/out", "--rate", "4x", "--library", file])
        #expect(run.status == 1 && run.stderr == "follow-render: \(file): --library names a regular file, not a folder\n", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))

        let list = folder + "/books.txt"
        try "missing-one.epub\nmissing-two.epub\n".write(toFile: list, atomically: true, encoding: .utf8)
        let batch = try CommandRun.cli(["batch", list, "--out-root", folder + "/batch", "--rate", "4x", "--quiet"])
        let lines = batch.stderr.split(separator: "\n")
        #expect(batch.status == 1 && lines.count == 2, "\(batch.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("follow-render: ") && $0.contains("missing-") && $0.contains("no such file") }, "\(batch.stderr)")
    }

    @Test("Markdown nested 300 levels deep is read, the deep text flattened, with one warning")
    func deepMarkdown() throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder + "/deep.md"
        let quotes = String(repeating: "> ", count: 300)
        try "# Deep\n\nOn top.\n\n\(quotes)The bottom of the well is dry.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CommandRun.cli(["segment", path, "--chapter", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("The bottom of the well is dry."), "\(run.stdout)")
        #expect(warnings(run).count == 1 && run.stderr.contains("nested deeper than"), "\(run.stderr)")
        let archive = try BookSource.open(path: path)
        #expect(archive.warnings.map(\.kind) == [.deepNesting])
    }
}
