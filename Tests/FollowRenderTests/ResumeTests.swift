import Foundation
import Testing
@testable import FollowRender

@Suite("Interrupting and resuming renders", .serialized)
struct ResumeTests {
    private let book = TestPaths.book("alice-in-wonderland-epub2.epub")
    private let arguments = ["--rate", "4x", "--chapters", "4-7", "--jobs", "1"]

    @Test("SIGINT keeps finished chapters, and a rerun completes the book without re-synthesizing them")
    func interruptAndResume() throws {
        let folder = try TestPaths.temporaryFolder()
        let errors = Pipe()
        let process = try CommandRun.startCLI([book, "--out", folder, "--quiet"] + arguments, errors: errors)
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline, finishedChapters(in: folder).isEmpty {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(process.isRunning, "the render finished before it could be interrupted")
        process.interrupt()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(message.contains("interrupted: kept"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.contains { $0.contains(".partial-") }, "temporary files left: \(names)")
        let kept = finishedChapters(in: folder)
        #expect(!kept.isEmpty)
        #expect(kept.count < 4)
        let keptAudio = try kept.map { try stamp(folder + "/" + $0.audioFile) }

        let resumed = try CommandRun.cli([book, "--out", folder] + arguments)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("Kept \(kept.count) chapter"))
        #expect(try kept.map { try stamp(folder + "/" + $0.audioFile) } == keptAudio, "kept chapters were rewritten")

        let fresh = try RenderedFolder.render(book, arguments, name: "uninterrupted")
        let resumedFolder = try RenderedFolder.load(folder, run: resumed)
        #expect(try resumedFolder.jsonFiles() == fresh.jsonFiles())
        for chapter in fresh.manifest.chapters {
            let a = try Data(contentsOf: URL(fileURLWithPath: fresh.file(chapter.audioFile)))
            let b = try Data(contentsOf: URL(fileURLWithPath: resumedFolder.file(chapter.audioFile)))
            #expect(a == b, "\(chapter.audio) differs from an uninterrupted render")
        }
    }

    @Test("a rerun with nothing changed keeps every chapter; --force renders them again")
    func rerunAndForce() throws {
        let render = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x"], name: "rerun")
        let before = try render.manifest.chapters.map { try stamp(render.file($0.audioFile)) }
        let again = try CommandRun.cli([TestPaths.sampleBook, "--out", render.path, "--rate", "4x"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("Kept 2 chapters"))
        #expect(try render.manifest.chapters.map { try stamp(render.file($0.audioFile)) } == before)
        let other = try CommandRun.cli([TestPaths.sampleBook, "--out", render.path, "--rate", "2x", "--quiet"])
        #expect(other.status == 0)
        #expect(try render.manifest.chapters.map { try stamp(render.file($0.audioFile)) } != before, "a new rate must re-render")
        let forced = try CommandRun.cli([TestPaths.sampleBook, "--out", render.path, "--rate", "2x", "--force"])
        #expect(forced.status == 0)
        #expect(!forced.stderr.contains("Kept"))
    }

    @Test("an output folder that cannot be written gives one clear line and no files")
    func unwritableFolder() throws {
        let folder = try TestPaths.temporaryFolder()
        let blocker = folder + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", blocker + "/out", "--quiet"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("follow-render: "))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["file"])
    }

    @Test("a missing voice or eSpeak NG data folder gives one line naming it, and no output folder")
    func missingVoiceOrData() throws {
        let folder = try TestPaths.temporaryFolder()
        let voice = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/a", "--voice", "no-such-voice"])
        #expect(voice.status == 1)
        #expect(voice.stderr == "follow-render: \(TestPaths.sampleBook): eSpeak NG voice 'no-such-voice' is not installed (see 'follow-render voices')\n")
        let data = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/b"], in: folder, environment: ["ESPEAK_DATA_PATH": folder + "/missing"])
        #expect(data.status == 1)
        #expect(data.stderr.contains("eSpeak NG data folder not found at \(folder)/missing"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a full disk gives one clear line and leaves no partial file under a final name",
          .enabled(if: getuid() == 0, "mounting a small tmpfs needs root (as in CI)"))
    func fullDisk() throws {
        let mountPoint = try TestPaths.temporaryFolder()
        let mount = try CommandRun.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=300k", "tmpfs", mountPoint])
        try #require(mount.status == 0, "cannot mount a tmpfs: \(mount.stderr)")
        defer { _ = try? CommandRun.run("/usr/bin/umount", [mountPoint]) }
        let run = try CommandRun.cli([book, "--chapters", "3", "--out", mountPoint + "/out", "--quiet"])
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("follow-render: warning: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("disk full (No space left on device)") == true, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint).isEmpty)
    }

    private func finishedChapters(in folder: String) -> [BookManifest.Chapter] {
        guard let data = FileManager.default.contents(atPath: folder + "/book.json"),
              let manifest = try? JSONCoding.decode(BookManifest.self, from: data) else { return [] }
        return manifest.chapters
    }

    /// Inode and modification time: changes when a file is written again.
    private func stamp(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let inode = attributes[.systemFileNumber] as? Int ?? -1
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(inode)@\(date)"
    }
}
