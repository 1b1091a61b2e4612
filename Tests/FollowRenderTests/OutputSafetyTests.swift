import Foundation
import Testing
@testable import FollowRender

/// Class 1 of issue #17: no output option may destroy the input book or a
/// file the user did not ask to replace; refusals come before any work.
@Suite("Output safety")
struct OutputSafetyTests {
    /// A scratch folder holding a copy of the sample book, a symbolic link and a hard link to it.
    private static func scratch(_ name: String = #function) throws -> String {
        let folder = try TestPaths.temporaryFolder(name)
        try FileManager.default.copyItem(atPath: TestPaths.sampleBook, toPath: folder + "/book.epub")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.epub", withDestinationPath: "book.epub")
        try FileManager.default.linkItem(atPath: folder + "/book.epub", toPath: folder + "/hard.epub")
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        return folder
    }

    @Test("the input book survives every output option that names it, and nothing is rendered", arguments: [
        ["--epub", "book.epub"], ["--epub", "sub/../book.epub"], ["--epub", "link.epub"], ["--epub", "hard.epub"],
        ["--epub", "./sub/../link.epub"], ["--out", "book.epub"], ["--out", "link.epub"], ["--out", "hard.epub"],
        ["--out", "sub", "--epub", "sub/../hard.epub"],
    ])
    func inputSurvives(options: [String]) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/book.epub"))
        let run = try CommandRun.cli(["book.epub", "--rate", "4x", "--chapters", "1", "--quiet"] + options, in: folder)
        #expect(run.status == 1, "\(options): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/book.epub")) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["book.epub", "hard.epub", "link.epub", "sub"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/sub").isEmpty)
    }

    @Test("the input survives --audiobook and --library naming it: a text book named like an audiobook, an EPUB as the library")
    func inputSurvivesAudiobookAndLibrary() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: TestPaths.fixtures.appendingPathComponent("inputs/lighthouse.txt").path,
                                         toPath: folder + "/story.m4b")
        let cases: [(book: String, options: [String])] = [
            ("story.m4b", ["--audiobook", "story.m4b"]), ("story.m4b", ["--audiobook", "sub/../story.m4b"]),
            ("story.m4b", ["--library", "story.m4b"]), ("book.epub", ["--library", "book.epub"]),
            ("book.epub", ["--library", "link.epub"]),
        ]
        for (book, options) in cases {
            let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + book))
            let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "1", "--quiet", "--out", "out"] + options, in: folder)
            #expect(run.status == 1, "\(options): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("input"), "\(options): \(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + book)) == before)
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "\(options)")
        }
    }

    @Test("an unpacked book is never written into: neither the default folder nor an --out inside it")
    func unpackedBookFolder() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: TestPaths.sampleFolder, toPath: folder + "/book")
        for options in [[String](), ["--out", "book/audio"], ["--out", "book"], ["--epub", "book/x.epub"]] {
            let run = try CommandRun.cli(["book", "--rate", "4x", "--quiet"] + options, in: folder)
            #expect(run.status == 1, "\(options): \(run.stderr)")
            #expect(run.stderr.contains("input folder"))
        }
        let original = try FileManager.default.subpathsOfDirectory(atPath: TestPaths.sampleFolder).sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder + "/book").sorted() == original)
    }

    @Test("a folder whose files follow-render did not write is refused before anything is replaced")
    func foreignFilesAreKept() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notOurs = Data("{\"mine\": true}\n".utf8)
        try notOurs.write(to: URL(fileURLWithPath: folder + "/book.json"))
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder, "--rate", "4x", "--chapters", "1", "--quiet"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("was not written by follow-render"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/book.json")) == notOurs)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["book.json"])
    }

    @Test("a rerun into its own earlier render replaces that render's files")
    func rerunIsAllowed() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = [TestPaths.sampleBook, "--out", folder, "--rate", "4x", "--chapters", "1", "--quiet", "--sync", "vtt"]
        #expect(try CommandRun.cli(options).status == 0)
        let again = try CommandRun.cli(options + ["--force"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("only our own temporary names with our own process ids count as leftovers")
    func temporaryNames() {
        let pids: Set<Int32> = [4242, 77]
        #expect(AtomicFile.isTemporary(".001-one.mp3.partial-4242", madeBy: pids))
        #expect(AtomicFile.isTemporary(".book.json.partial-77", madeBy: pids))
        #expect(!AtomicFile.isTemporary(".001-one.mp3.partial-4243", madeBy: pids))
        #expect(!AtomicFile.isTemporary(".notes.partial-4242.txt", madeBy: pids))
        #expect(!AtomicFile.isTemporary(".partial-4242", madeBy: pids))
        #expect(!AtomicFile.isTemporary("book.json.partial-4242", madeBy: pids))
        #expect(!AtomicFile.isTemporary(".x.partial-+77", madeBy: pids))
    }

    @Test("a user's file that looks like a leftover temporary file survives a render into its folder")
    func lookalikeSurvives() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = [".001-one-the-keeper.mp3.partial-1", ".my-notes.partial-12345", ".draft.partial-x"]
        for name in names { try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder, "--rate", "4x", "--chapters", "1", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        for name in names { #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)") }
    }
}
