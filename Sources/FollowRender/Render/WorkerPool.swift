import Foundation
import Synchronization

/// Runs chapter jobs in worker processes, at most `width` at a time.
///
/// eSpeak NG keeps global state, so parallel synthesis needs processes, not
/// threads. Each worker is this same executable started with the hidden
/// `render-chapter` command and the job as JSON.
///
/// Cancellation and worker start-up share one lock: a worker is launched and
/// registered while holding it, and cancelling sets the flag and collects the
/// registered workers under it, so a cancellation at any moment of start-up
/// either stops the launch or finds the process to terminate.
final class WorkerPool: Sendable {
    /// The moments of a job's start-up, for tests that cancel at each of them.
    enum Stage: CaseIterable, Sendable {
        /// A slot is free and the job is about to get its thread.
        case queued
        /// On the job's thread, before the process is launched.
        case launching
        /// The process is launched and registered for termination.
        case registered
        /// The worker's first output line arrived.
        case reporting
    }

    private struct State {
        var cancelled = false
        var running: [Int32: WorkerProcess] = [:]
        var startedIDs: Set<Int32> = []
        /// The failure that stopped the pool (a full disk), after which no job starts.
        var stoppedBy: RenderError?
    }

    private let executable: String
    private let width: Int
    private let budget: WorkerBudget?
    private let state = Mutex(State())
    private let observe: (@Sendable (Int, Stage) -> Void)?

    /// The process ids of every worker this pool started.
    var started: Set<Int32> {
        state.withLock { $0.startedIDs }
    }

    /// The failure that stopped every job (a full disk, `stop`), if one did.
    var stoppedBy: RenderError? {
        state.withLock { $0.stoppedBy }
    }

    /// Stops the pool because of `error`, which no other chapter can escape
    /// (the disk is full): no job starts, running workers are terminated, and
    /// their failures are not reported, `error` being the one reason.
    func stop(_ error: RenderError) {
        let first = state.withLock { state in
            defer { if state.stoppedBy == nil { state.stoppedBy = error } }
            return state.stoppedBy == nil
        }
        if first { terminateAll() }
    }

    /// `budget`, when given, is shared with other pools: a worker starts only
    /// when both this pool's width and the budget allow it. `observe` is told
    /// each job's start-up stages (spine index, stage); tests use it.
    init(executable: String, width: Int, budget: WorkerBudget? = nil, observe: (@Sendable (Int, Stage) -> Void)? = nil) {
        self.executable = executable
        self.width = max(1, width)
        self.budget = budget
        self.observe = observe
    }

    /// Runs every job and returns the results by spine index; `onEvent` is
    /// called from worker threads, serialized. After `cancellation` fires, no
    /// job starts and running workers are terminated; jobs that never started
    /// have no result and no event.
    func run(_ jobs: [ChapterJob], cancellation: RenderCancellation,
             onEvent: @escaping @Sendable (RenderEvent) -> Void) -> [Int: Result<ChapterResult, RenderError>] {
        cancellation.onCancel { [self] in terminateAll() }
        let slots = DispatchSemaphore(value: width)
        let group = DispatchGroup()
        let results = Locked<[Int: Result<ChapterResult, RenderError>]>([:])
        let events = Mutex(())
        let emit: @Sendable (RenderEvent) -> Void = { event in events.withLock { _ in onEvent(event) } }
        for job in jobs {
            slots.wait()
            observe?(job.index, .queued)
            guard !state.withLock({ $0.cancelled }) else {
                slots.signal()
                break
            }
            group.enter()
            let record: @Sendable (Result<ChapterResult, RenderError>) -> Void = { result in
                results.update { $0[job.index] = result }
                switch result {
                case let .success(chapter): emit(.finished(chapter))
                case let .failure(error):
                    if error.isDiskFull { self.stop(error) }
                    if self.stoppedBy == nil { emit(.failed(index: job.index, reason: error.description)) }
                }
            }
            let started = DetachedThread.start { [self] in
                defer { group.leave() }
                budget?.acquire()
                observe?(job.index, .launching)
                let outcome = runWorker(job, emit: emit)
                // The worker has exited: the next one starts while this result is
                // handled (joining a split chapter's segments, writing book.json).
                budget?.release()
                slots.signal()
                guard let result = outcome else { return }
                record(result)
            }
            if !started {
                record(.failure(RenderError(.outOfMemory, "out of memory: no thread could be started to run the worker")))
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        return results.value
    }

    /// Marks the pool cancelled and stops every running worker.
    private func terminateAll() {
        let processes = state.withLock { state in
            state.cancelled = true
            return Array(state.running.values)
        }
        for process in processes { process.terminate() }
    }

    /// Starts a worker with `arguments` and registers it under the lock; nil when the pool was cancelled first.
    private func launch(_ arguments: [String]) -> Result<WorkerProcess, RenderError>? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            let process: WorkerProcess
            do throws(RenderError) {
                process = try WorkerProcess(executable: executable, arguments: arguments)
            } catch {
                return .failure(error)
            }
            state.running[process.processIdentifier] = process
            state.startedIDs.insert(process.processIdentifier)
            return .success(process)
        }
    }

    /// The worker's outcome; nil when it was never started because the pool was cancelled.
    private func runWorker(_ job: ChapterJob, emit: @Sendable (RenderEvent) -> Void) -> Result<ChapterResult, RenderError>? {
        let encoded = (try? JSONCoding.encoder().encode(job)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let killsBefore = WorkerExit.outOfMemoryKills()
        // Its standard error (a runtime's or a C library's messages) is read with the protocol lines, never shown raw.
        let process: WorkerProcess
        switch launch(["render-chapter", encoded]) {
        case nil: return nil
        case let .failure(error)?: return .failure(error)
        case let .success(started)?: process = started
        }
        observe?(job.index, .registered)
        let traced = "\(URL(fileURLWithPath: job.bookPath).lastPathComponent) \(job.index).\(job.segment ?? 0) \(process.processIdentifier)"
        RenderTrace.mark("launch", traced)
        emit(.started(index: job.index))
        var outcome: Result<ChapterResult, RenderError>?
        var buffer: [UInt8] = []
        var reported = false
        var messages: [String] = []
        process.readOutput { chunk in
            buffer.append(contentsOf: chunk)
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if !reported {
                    reported = true
                    observe?(job.index, .reporting)
                }
                switch WorkerMessage(line: line) {
                case let .progress(sentences, samples):
                    emit(.progress(index: job.index, sentences: sentences, samples: samples))
                case let .done(result): outcome = .success(result)
                case let .error(kind, reason): outcome = .failure(WorkerExit.reported(kind: kind, reason: reason))
                case nil:
                    if !line.isEmpty { messages = Array((messages + [String(line.prefix(500))]).suffix(WorkerExit.keptLines)) }
                }
            }
        }
        let ending = process.waitForExit()
        RenderTrace.mark("exit", traced)
        state.withLock { $0.running[process.processIdentifier] = nil }
        let exit = WorkerExit(signal: ending.signal, status: ending.status,
                              killedForMemory: (WorkerExit.outOfMemoryKills() ?? 0) > (killsBefore ?? Int.max), messages: messages)
        let result: Result<ChapterResult, RenderError>
        if exit.signal != nil || (outcome == nil && exit.isOutOfMemory) {
            result = .failure(exit.error)
        } else if case let .failure(error)? = outcome, error.reason.isEmpty {
            result = .failure(RenderError(.worker, "the worker reported an error without a reason (exit status \(ending.status))",
                                          cause: error.cause))
        } else {
            result = outcome ?? .failure(exit.error)
        }
        return result.mapError { error in
            var error = error
            error.workerExit = exit.termination
            return error
        }
    }
}
