import Foundation
import Testing
@testable import FollowRender

/// Our own files read back (issue 23, class 2): a `book.json` or sidecar of
/// gigabytes (sparse, so it costs no disk) or a FIFO in their place is refused
/// in one line by every command that reads them, in bounded memory.
@Suite("Our own files read back within bounds", .serialized)
struct OwnFilesTests {
    /// The sample book's first chapter, rendered once for the suite.
    static let rendered = Result { try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--chapters", "1"], name: "ownFiles") }

    /// A copy of the rendered folder to damage.
    private func copy() throws -> RenderedFolder {
        let source = try Self.rendered.get()
        let folder = try TestPaths.temporaryFolder("ownFilesCopy")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(atPath: source.file(name), toPath: folder + "/" + name)
        }
        return try RenderedFolder.load(folder, run: source.run)
    }

    /// Makes `path` a sparse file of 3 GB that starts with its own bytes.
    private func inflate(_ path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
    }

    @Test("locate, diff and web refuse a sparse 3 GB book.json or sidecar in one line, under 300 MB")
    func hugeFiles() throws {
        for victim in ["book.json", "sidecar"] {
            let render = try copy()
            let sidecar = try #require(render.manifest.chapters.first).timing
            try inflate(render.file(victim == "book.json" ? "book.json" : sidecar))
            for arguments in [["locate", render.path, "--time", "1:1"], ["diff", render.path, render.path], ["web", render.path],
                              ["locate", render.file(sidecar), "--time", "1:1"]] where victim == "sidecar" || arguments[1] == render.path {
                let run = try PeakMemory.cli(arguments)
                let lines = run.run.stderr.split(separator: "\n")
                #expect(run.run.status != 0 && lines.count == 1, "\(victim): \(arguments[0]): \(run.run.stderr)")
                #expect(lines.first?.contains("is larger than a") == true, "\(victim): \(arguments[0]): \(run.run.stderr)")
                #expect(run.bytes < PeakMemory.limit, "\(victim): \(arguments[0]): \(run.megabytes) MB")
            }
        }
        let error = #expect(throws: OwnFileError.self) {
            try OwnFile.read(try Self.rendered.get().file("book.json"), limit: .manifest, available: 4096)
        }
        #expect(error?.kind == .tooLarge, "a cap relative to the memory at hand: 512 bytes of 4 kB")
    }

    @Test("a FIFO in place of book.json or a sidecar is refused at once, not read forever")
    func fifoInsteadOfAFile() throws {
        let render = try copy()
        let sidecar = try #require(render.manifest.chapters.first).timing
        try FileManager.default.removeItem(atPath: render.file(sidecar))
        #expect(mkfifo(render.file(sidecar), 0o644) == 0)
        let run = try CommandRun.cli(["locate", render.path, "--time", "1:1"])
        #expect(run.status == 1 && run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("a FIFO"), "\(run.stderr)")
        let error = #expect(throws: OwnFileError.self) { try RenderedBook.load(render.path) }
        #expect(error?.kind == .notAFile)
    }
}
