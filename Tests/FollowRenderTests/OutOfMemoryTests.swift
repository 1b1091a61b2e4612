import Foundation
import Testing
@testable import FollowRender

/// Issue #17, class 5: a worker that runs out of memory gives one line naming
/// the book, the chapter and "out of memory", exits 1 like any other failure,
/// and leaves no partial output.
@Suite("Out of memory in a worker")
struct OutOfMemoryTests {
    @Test("a worker under a low address-space limit fails with one 'out of memory' line, exit 1 and no output folder")
    func lowAddressSpace() throws {
        let folder = try TestPaths.temporaryFolder() + "/out"
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder, "--rate", "4x", "--jobs", "1", "--chapters", "1"],
                                     environment: ["FOLLOW_RENDER_WORKER_MEMORY_MB": "200"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("follow-render: warning: \(TestPaths.sampleBook): chapter 1 (OEBPS/chapter-1.xhtml): skipped: out of memory: ") == true,
                "\(run.stderr)")
        #expect(lines.last?.contains("no chapter could be rendered") == true)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("a worker that died after a failed allocation is reported as out of memory; other deaths name their signal")
    func classifiedExits() {
        let swift = WorkerExit(signal: SIGILL, status: SIGILL, killedForMemory: false,
                               messages: ["Fatal error: failed to allocate 1048576 bytes of memory with alignment 16"])
        #expect(swift.error.kind == .outOfMemory)
        #expect(swift.error.description.hasPrefix("out of memory: "))
        #expect(WorkerExit(signal: SIGKILL, status: SIGKILL, killedForMemory: true, messages: []).error.kind == .outOfMemory)
        let crash = WorkerExit(signal: SIGSEGV, status: SIGSEGV, killedForMemory: false, messages: ["\u{1B}[2Jboom"])
        #expect(crash.error.kind == .worker)
        #expect(crash.error.description.contains("signal \(SIGSEGV)") && crash.error.description.contains("\\u{1B}"))
        #expect(WorkerExit.reported(ErrorChain(RenderError(.audio, "cannot open: Cannot allocate memory", cause: POSIXError(.ENOMEM)))).kind == .outOfMemory)
        #expect(WorkerExit.reported(ErrorChain(RenderError(.speech, "no such voice"))).kind == .worker)
    }
}
