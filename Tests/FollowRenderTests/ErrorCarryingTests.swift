import Foundation
import Testing
@testable import FollowRender

/// Errors carried beyond the code that raised them: over the worker protocol
/// and into batch records (`ErrorChain`, `ErrorKind`), and reported for the
/// file a command was given (`FileNamedError.reported(for:)`), each keeping
/// its type, kind, file, line and causes. The chain checks are
/// `ErrorModelTests`'.
@Suite("Errors keep their type, kind and causes across processes, batch records and reports")
struct ErrorCarryingTests {
    @Test("every kind of every area crosses the worker protocol and a batch record with its kind, file, line and causes")
    func kindsCrossProcesses() throws {
        /// An error of `kind`, naming a document and caused by a C library's code below an OS error.
        func made(_ kind: ErrorKind) -> any Error {
            let os = POSIXError(.EIO)
            let library = CLibraryError(library: "libzip", code: 5, message: "Read error")
            switch kind {
            case let .book(kind): return BookError(kind, file: "EPUB/x.xhtml", line: 4, "x", cause: library)
            case let .render(kind): return RenderError(kind, file: "out/x.mp3", "x", cause: os)
            case let .own(kind): return OwnFileError(kind, file: "out/book.json", "x", cause: os)
            case let .output(kind): return OutputSafetyError(kind, file: "out/x.epub", reason: "x")
            case let .setting(setting): return SettingError(setting, "\(setting) x", cause: os)
            case let .position(kind): return PositionError(kind, chapter: 2, file: "out", "x")
            }
        }
        for kind in ErrorKind.allCases {
            let error = ReportedError.of(made(kind), for: "b.epub", otherwise: .worker)
            #expect(ErrorKind(rawValue: kind.rawValue) == kind)
            // Across the worker protocol: every level's type, kind and line, down to the innermost code.
            guard case let .error(chain)? = WorkerMessage(line: WorkerMessage.failure(error).line) else {
                Issue.record("\(kind): not an error message"); continue
            }
            let rebuilt = try #require(chain.error as? any CausedError, "\(kind)")
            ErrorModelTests.checkChain(rebuilt, "\(kind) rebuilt")
            let sent = (error as? any CausedError)?.causeChain ?? [error]
            #expect(rebuilt.causeChain.map { String(describing: type(of: $0)) } == sent.map { String(describing: type(of: $0)) }, "\(kind)")
            #expect(rebuilt.causeChain.map { String(describing: $0) } == sent.map { String(describing: $0) }, "\(kind)")
            #expect(rebuilt.causeChain.map { ErrorKind(of: $0) } == sent.map { ErrorKind(of: $0) }, "\(kind)")
            // In a batch record, through JSON: the kind of the book's own error and its causes.
            let outcome = BookOutcome(path: "b.epub", slug: "b", status: .failed, error: error)
            let read = try JSONCoding.decode(BookOutcome.self, from: JSONCoding.data(outcome))
            #expect(read.error?.kind == ErrorKind(of: error) && read.error == outcome.error, "\(kind)")
            #expect((read.error?.causes?.count ?? 0) == sent.count - 1, "\(kind)")
        }
        // A record written before kinds had areas still reads.
        let old = try JSONCoding.decode(BookOutcome.Failure.self, from: Data(#"{"kind":"strict","message":"b.epub: refused"}"#.utf8))
        #expect(old.kind == .render(.strict) && old.causes == nil)
    }

    @Test("an error reported for the file a command was given keeps its type and kind, and wraps only an error naming another file")
    func reportedForFile() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(tmp) }
        let notZip = tmp + "/not-a-book.epub"
        try Data("plain text".utf8).write(to: URL(fileURLWithPath: notZip))
        let opened = #expect(throws: BookError.self) { try BookOpener.open(notZip) { _ in } }
        #expect(opened?.kind == .notAnEPUB && opened?.file == notZip)
        if let opened { ErrorModelTests.checkChain(opened, root: ErrorModelTests.library("libzip"), "a book that is no ZIP") }
        // A document of the book at fault: the book is named around it, and the document's error is the cause.
        let broken = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(chapter1: "<h1>One</h1><p>First</b> chapter.</p>"),
                                                  to: URL(fileURLWithPath: tmp + "/broken.epub")).path
        let brokenArchive = try BookOpener.open(broken) { _ in }
        let document = #expect(throws: BookError.self) {
            try BookOpener.chapter(1, of: brokenArchive, path: broken, options: NarrationOptions())
        }
        if let document {
            #expect(document.file == broken && document.kind == .malformed)
            let inner = document.cause as? BookError
            #expect(inner?.kind == document.kind && inner?.file?.hasPrefix("EPUB/") == true, "\(document)")
            #expect(document.description == broken + ": " + (inner.map(String.init(describing:)) ?? ""))
            ErrorModelTests.checkChain(document, root: ErrorModelTests.library("libxml2"), "a malformed chapter")
        }
        // A chapter the book does not have: the render's own kind, naming the book.
        let archive = try BookOpener.open(TestPaths.sampleBook) { _ in }
        let chapter = #expect(throws: RenderError.self) {
            try BookOpener.chapter(99, of: archive, path: TestPaths.sampleBook, options: NarrationOptions())
        }
        #expect(chapter?.kind == .noChapter && chapter?.file == TestPaths.sampleBook)
        // Another error becomes the caller's kind with it as cause; a setting's refusal is `.setting`; an interruption passes.
        let io = ReportedError.of(POSIXError(.EACCES), for: tmp + "/out.json", otherwise: .write) as? RenderError
        #expect(io?.kind == .write && io?.file == tmp + "/out.json" && (io?.cause as? POSIXError)?.code == .EACCES)
        let setting = ReportedError.of(SettingError(.cover, "no image"), for: "b.epub", otherwise: .speech) as? RenderError
        #expect(setting?.kind == .setting && (setting?.rootCause as? SettingError)?.setting == .cover)
        #expect(ReportedError.of(RenderInterrupted(signal: SIGINT, folder: tmp, kept: 0), for: "b.epub", otherwise: .worker) is RenderInterrupted)
        let position = PositionError(.notRendered, chapter: 9, "chapter 9 was not rendered").reported(for: "golden")
        #expect(position.file == "golden" && position.description == "golden: chapter 9 was not rendered")
    }

    @Test("a real worker's failure reaches the parent with every cause, down to the OS's errno")
    func workerChain() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(folder) }
        // Scripts that write into a folder that does not exist: the worker process fails writing the chapter.
        let scripts = try WorkerPoolTests.scripts(into: folder + "/missing")
        let results = WorkerPool(executable: TestPaths.cli, width: 1)
            .run([ChapterJob(index: 1, slice: nil, units: 0)], script: { job throws(RenderError) in try scripts.line(for: job) },
                 cancellation: RenderCancellation()) { _ in }
        guard case let .failure(error)? = results[1] else {
            Issue.record("no failure: \(String(describing: results[1]))"); return
        }
        #expect(error.kind == .worker && error.workerExit != nil)
        ErrorModelTests.checkChain(error, root: { $0 is POSIXError }, "a worker writing into a missing folder")
        let reported = try #require(error.cause as? RenderError, "the worker's own error, rebuilt: \(error)")
        #expect(reported.file?.hasPrefix(folder + "/missing") == true, "\(reported)")
        #expect(error.causeChain.count >= 3, "\(error.causeChain.map { "\(type(of: $0)): \($0)" })")
    }

    @Test("a failed render keeps the chain from the report down to the missing voice")
    func renderChain() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(folder) }
        let settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686, voice: "no-such-voice")
        let options = BookRenderOptions(bookPath: TestPaths.sampleBook, settings: settings, folder: .path(folder + "/out"),
                                    workerExecutable: TestPaths.cli)
        let failure = #expect(throws: RenderError.self) { try BookRenderJob(options: options).run { _ in } }
        if let failure {
            ErrorModelTests.checkChain(failure, "a voice that is not installed")
            #expect(failure.kind == .speech && failure.file == TestPaths.sampleBook)
        }
    }
}
