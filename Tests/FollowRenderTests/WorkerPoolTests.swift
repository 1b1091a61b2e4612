import Foundation
import Testing
@testable import FollowRender

/// Cancelling a worker pool at every moment of a worker's start-up: nothing may
/// slip through the window between launching a process and registering it.
@Suite("Cancelling worker processes at every stage of start-up", .serialized)
struct WorkerPoolTests {
    static let settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686)

    /// The sample book's chapter scripts for rendering into `folder`, built as a render builds them.
    static func scripts(into folder: String) throws -> ScriptSource {
        let archive = try BookSource.open(path: TestPaths.sampleBook, options: InputOptions())
        let chapters = try archive.book.spine.compactMap { try ChapterReader(archive: archive, options: settings.narrationOptions).chapter($0) }
        let builder = try ScriptBuilder(archive: archive, settings: settings, engine: SpeechEngine.shared(), folder: folder,
                                        trackCount: chapters.count)
        return ScriptSource(builder: builder, chapters: chapters)
    }

    @Test("a cancellation at any start-up stage stops the worker and starts no other", arguments: WorkerPool.Stage.allCases)
    func cancelAtStage(stage: WorkerPool.Stage) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scripts = try Self.scripts(into: folder)
        let jobs = [1, 2].map { ChapterJob(index: $0, slice: nil, units: 0) }
        let cancellation = RenderCancellation()
        let pool = WorkerPool(executable: TestPaths.cli, width: 1) { index, reached in
            if index == 1, reached == stage { cancellation.cancel(signal: SIGTERM) }
        }
        let started = Locked<[Int]>([])
        let clock = Date()
        let results = pool.run(jobs, script: { job throws(RenderError) in try scripts.line(for: job) }, cancellation: cancellation) { event in
            if case let .started(index) = event { started.update { $0.append(index) } }
        }
        #expect(Date().timeIntervalSince(clock) < 30)
        #expect(results[2] == nil, "the second chapter started after the cancellation")
        switch stage {
        case .queued, .launching:
            #expect(results.isEmpty)
            #expect(started.value.isEmpty)
        case .registered, .reporting:
            #expect(started.value == [1])
            guard case let .failure(error)? = results[1] else {
                Issue.record("chapter 1 was not stopped: \(String(describing: results[1]))")
                return
            }
            #expect(error.kind == .worker)
            #expect(error.reason == "worker stopped by signal \(SIGTERM)")
            #expect(error.workerExit == .signal(SIGTERM))
        }
        let finals = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !AtomicFile.isTemporary($0) }
        #expect(finals.isEmpty, "\(finals)")
    }

    @Test("a worker error line with an empty reason, or one that is no chain, is still an error message")
    func emptyReason() {
        let empty = WorkerMessage.error(ErrorChain(links: []))
        #expect(WorkerMessage(line: empty.line) == empty)
        guard case let .error(bare)? = WorkerMessage(line: "error"), case let .error(plain)? = WorkerMessage(line: "error disk full") else {
            Issue.record("not error messages"); return
        }
        #expect(bare.kind == "-" && bare.links.map(\.message) == [""])
        #expect(plain.kind == "-" && plain.error.map { String(describing: $0) } == "disk full")
    }

    @Test("a worker's error reaches the parent with its kind, its one line and its causes")
    func workerErrorKind() throws {
        let sent = WorkerMessage.failure(RenderError(.speech, file: "en-gb", "no such voice"))
        guard case let .error(chain)? = WorkerMessage(line: sent.line) else { throw CancellationError() }
        let speech = chain.error as? RenderError
        #expect(speech?.kind == .speech && speech?.file == "en-gb" && speech?.description == "en-gb: no such voice")
        let malformed = WorkerMessage.failure(BookError(.malformed, file: "x.xhtml", line: 3, "bad",
                                                        cause: CLibraryError(library: "libxml2", code: 76, message: "mismatch")).reported(for: "b.epub"))
        guard case let .error(bookChain)? = WorkerMessage(line: malformed.line) else { throw CancellationError() }
        let book = try #require(bookChain.error as? BookError)
        #expect(book.kind == .malformed && book.file == "b.epub" && book.description == "b.epub: x.xhtml: line 3: bad")
        #expect((book.cause as? BookError)?.line == 3 && (book.rootCause as? CLibraryError)?.code == 76)
        #expect(WorkerExit.reported(bookChain).description == "b.epub: x.xhtml: line 3: bad")
    }

    @Test("a worker executable that cannot be started is one worker-kind failure per chapter")
    func missingExecutable() throws {
        let scripts = try Self.scripts(into: "/nonexistent")
        let job = ChapterJob(index: 1, slice: nil, units: 0)
        let results = WorkerPool(executable: "/nonexistent/follow-render", width: 1)
            .run([job], script: { job throws(RenderError) in try scripts.line(for: job) }, cancellation: RenderCancellation()) { _ in }
        guard case let .failure(error)? = results[1] else {
            Issue.record("no failure: \(String(describing: results[1]))")
            return
        }
        #expect(error.kind == .worker)
        #expect(error.reason.hasPrefix("cannot start a worker process (/nonexistent/follow-render)"))
        #expect(error.workerExit == nil)
    }
}
