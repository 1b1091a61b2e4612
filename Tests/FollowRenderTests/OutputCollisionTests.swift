import Foundation
import Testing
@testable import FollowRender

/// Files that are not ours to overwrite (issue 23, class 4), through the CLI:
/// outputs that would be one another or an input, special files at output
/// paths, a library folder the user made, and a full disk mid-render.
@Suite("Outputs never replace what is not theirs", .serialized)
struct OutputCollisionTests {
    private func refusal(_ run: CommandRun, file: String? = nil) -> Bool {
        let lines = run.stderr.split(separator: "\n")
        return run.status == 1 && lines.count == 1 && lines[0].hasPrefix("follow-render: " + (file ?? ""))
    }

    @Test("--audiobook or --epub naming one of the render's own files, or the --lexicon or --cover file, is refused before any work")
    func outputsThatAreOtherFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        let out = folder + "/out"
        let first = try CommandRun.cli([TestPaths.sampleBook, "--out", out, "--rate", "4x", "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = try RenderedFolder.load(out, run: first).manifest
        let chapter = try #require(manifest.chapters.first)
        let before = try Data(contentsOf: URL(fileURLWithPath: out + "/" + chapter.audioFile))
        // Named to pass the options' own checks of the extension: a lexicon and a cover can be called anything.
        let lexicon = folder + "/words.mp3"
        try "Keeper\tkeeper\n".write(toFile: lexicon, atomically: true, encoding: .utf8)
        let cover = folder + "/cover.epub"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 64)).write(to: URL(fileURLWithPath: cover))
        let text = folder + "/book.txt"
        try "Title\n\nChapter 1\n\nSome text to read.\n".write(toFile: text, atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], kind: OutputSafetyError.Kind)] = [
            ([TestPaths.sampleBook, "--out", out, "--audiobook", out + "/" + chapter.audioFile], .collision),
            ([TestPaths.sampleBook, "--out", out, "--lexicon", lexicon, "--audiobook", lexicon], .input),
            ([text, "--out", out + "-text", "--cover", cover, "--epub", cover], .input),
        ]
        for (arguments, kind) in cases {
            let run = try CommandRun.cli(arguments + ["--rate", "4x"])
            #expect(refusal(run), "\(arguments): \(run.stderr)")
            let options = BookRenderOptions(bookPath: arguments[0], settings: try ChapterSettings.parsed(arguments), folder: .path(arguments[2]),
                                        epub: Self.value("--epub", arguments).map { .init(path: $0) },
                                        web: arguments.contains("--web"),
                                        audiobook: Self.value("--audiobook", arguments).map { .init(path: $0, library: nil) },
                                        workerExecutable: TestPaths.cli)
            let failure = #expect(throws: OutputSafetyError.self) { try BookRenderJob(options: options).run { _ in } }
            #expect(failure?.kind == kind, "\(arguments): \(failure?.reason ?? "")")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/" + chapter.audioFile)) == before, "the chapter is left as it was")
        #expect(try String(contentsOfFile: lexicon, encoding: .utf8) == "Keeper\tkeeper\n")
        #expect(!FileManager.default.fileExists(atPath: out + "-text"))
    }

    @Test("a FIFO or a device at an output path is refused and left as it is")
    func specialFilesAtOutputs() throws {
        let folder = try TestPaths.temporaryFolder()
        let fifo = folder + "/book.epub"
        #expect(mkfifo(fifo, 0o644) == 0)
        let audiobook = folder + "/book.m4b"
        #expect(mkfifo(audiobook, 0o644) == 0)
        for arguments in [["--epub", fifo], ["--audiobook", audiobook], ["--out", folder + "/out-fifo"]] {
            if arguments[0] == "--out" {
                try FileManager.default.createDirectory(atPath: arguments[1], withIntermediateDirectories: true)
                #expect(mkfifo(arguments[1] + "/book.json", 0o644) == 0)
            }
            let out = arguments[0] == "--out" ? [] : ["--out", folder + "/out"]
            let run = try CommandRun.cli([TestPaths.sampleBook, "--rate", "4x", "--quiet"] + out + arguments)
            #expect(refusal(run) && run.stderr.contains("not a regular file"), "\(arguments): \(run.stderr)")
        }
        #expect(FileIdentity(path: fifo)?.mode == S_IFIFO && FileIdentity(path: audiobook)?.mode == S_IFIFO)
        #expect(FileIdentity(path: folder + "/out-fifo/book.json")?.mode == S_IFIFO)
        #expect((#expect(throws: RenderError.self) { try AtomicFile.write(Data("x".utf8), to: fifo) })?.kind == .notAFile)
        #expect((#expect(throws: RenderError.self) { try AtomicFile.write(Data("x".utf8), to: "/dev/null") })?.kind == .notAFile)
    }

    @Test("--library writes only into a folder follow-render made: a user's folder of the same name is refused untouched")
    func libraryFolderOfTheUser() throws {
        let folder = try TestPaths.temporaryFolder()
        let archive = try EPUBArchive(path: TestPaths.sampleBook)
        let shelf = LibraryFolder(root: folder + "/library", metadata: AudiobookMetadata(book: archive.book, archive: archive, narrator: ""))
        try FileManager.default.createDirectory(atPath: shelf.folder, withIntermediateDirectories: true)
        try "My own description.".write(toFile: shelf.folder + "/desc.txt", atomically: true, encoding: .utf8)
        try "{\"mine\": true}".write(toFile: shelf.folder + "/metadata.json", atomically: true, encoding: .utf8)
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/out", "--rate", "4x", "--library", folder + "/library"])
        #expect(refusal(run, file: shelf.folder), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "refused before any work")
        #expect(try String(contentsOfFile: shelf.folder + "/desc.txt", encoding: .utf8) == "My own description.")
        #expect(try String(contentsOfFile: shelf.folder + "/metadata.json", encoding: .utf8) == "{\"mine\": true}")
        #expect((#expect(throws: OutputSafetyError.self) { try shelf.check() })?.kind == .foreignFolder)

        // A folder follow-render made is written into again.
        let fresh = folder + "/library2"
        for _ in 0..<2 {
            let render = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/out2", "--rate", "4x", "--quiet", "--library", fresh])
            #expect(render.status == 0, "\(render.stderr)")
        }
        let made = LibraryFolder(root: fresh, metadata: shelf.metadata)
        #expect(FileManager.default.fileExists(atPath: made.folder + "/" + LibraryFolder.marker))
        #expect(FileManager.default.fileExists(atPath: made.folder + "/metadata.json"))
    }

    /// The CLI run in a private mount namespace with a `size` tmpfs at `folder`
    /// (`unshare`, as root or in a user namespace), the disk filled up to
    /// `free` bytes by a file removed before the second, resuming, run.
    private func fullDisk(folder: String, size: Int, free: Int, arguments: [String]) throws -> (first: CommandRun, second: CommandRun) {
        let cli = TestPaths.cli
        let script = """
            set -e
            mount -t tmpfs -o size=\(size) tmpfs '\(folder)'
            head -c $(( \(size) - \(free) )) /dev/zero > '\(folder)/filler' 2>/dev/null || true
            set +e
            '\(cli)' \(arguments.map { "'\($0)'" }.joined(separator: " ")) 2>'\(folder).first.err'
            echo "first=$?" > '\(folder).status'
            cp -r '\(folder)' '\(folder).first'
            rm -f '\(folder)/filler'
            '\(cli)' \(arguments.map { "'\($0)'" }.joined(separator: " ")) 2>'\(folder).second.err'
            echo "second=$?" >> '\(folder).status'
            cp -r '\(folder)' '\(folder).copy'
            """
        let run = try CommandRun.run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script])
        try #require(run.status == 0, "unshare -rm with a tmpfs: \(run.stderr)")
        // The logs go beside the mount, never onto the full disk.
        let status = try String(contentsOfFile: folder + ".status", encoding: .utf8)
        let code = { (name: String) in Int32(status.split(separator: "\n").first { $0.hasPrefix(name + "=") }?.split(separator: "=").last ?? "") ?? -1 }
        let read = { (name: String) in (try? String(contentsOfFile: folder + "." + name, encoding: .utf8)) ?? "" }
        return (CommandRun(status: code("first"), output: Data(), stderr: read("first.err"), seconds: 0),
                CommandRun(status: code("second"), output: Data(), stderr: read("second.err"), seconds: 0))
    }

    @Test("a disk that fills mid-render leaves every chapter whole or absent, fails in one line, and the rerun resumes",
          arguments: [8_192, 64_000, 100_000])
    func fullDiskMidRender(free: Int) throws {
        let folder = try TestPaths.temporaryFolder()
        let mount = folder + "/disk"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let (first, second) = try fullDisk(folder: mount, size: 4 << 20, free: free,
                                           arguments: [TestPaths.sampleBook, "--out", mount + "/out", "--rate", "4x", "--quiet", "--jobs", "1"])
        #expect(first.status == 1 && first.stderr.split(separator: "\n").count == 1, "first run: \(first.stderr)")
        #expect(first.stderr.contains("disk full") || first.stderr.contains("No space left"), "\(first.stderr)")
        // What the failed run left: nothing partial under a final name, every audio with its sidecar.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: mount + ".first/out")) ?? []
        for name in left where name.hasSuffix(".mp3") {
            #expect(left.contains(name.replacingOccurrences(of: ".mp3", with: ".timing.json")), "\(name) without its sidecar: \(left)")
        }
        for name in left where name.hasSuffix(".timing.json") {
            #expect(left.contains(name.replacingOccurrences(of: ".timing.json", with: ".mp3")), "\(name) without its audio: \(left)")
            #expect(throws: Never.self) { try RenderedBook.load(mount + ".first/out/" + name) }
        }
        if left.contains("book.json") { #expect(throws: Never.self) { try RenderedBook.manifest(in: mount + ".first/out") } }
        #expect(!left.contains { $0.hasPrefix(".") }, "no temporary file left: \(left)")
        #expect(second.status == 0 && second.stderr.isEmpty, "the rerun resumes: \(second.stderr)")
        let render = try RenderedFolder.load(mount + ".copy/out", run: second)
        #expect(render.manifest.chapters.count == 2)
        for timing in render.timings { #expect(timingViolations(timing).isEmpty) }
    }
}

extension OutputCollisionTests {
    /// The value after `option` in `arguments`.
    static func value(_ option: String, _ arguments: [String]) -> String? {
        arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }
}

extension ChapterSettings {
    /// The 4x settings with the `--lexicon` and `--cover` of `arguments`, for a render job like the CLI's.
    static func parsed(_ arguments: [String]) throws -> ChapterSettings {
        var settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686)
        settings.lexicons = OutputCollisionTests.value("--lexicon", arguments).map { [$0] } ?? []
        settings.input.cover = OutputCollisionTests.value("--cover", arguments)
        return settings
    }
}
