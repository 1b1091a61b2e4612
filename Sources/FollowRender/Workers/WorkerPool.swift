import Foundation
import Synchronization

/// Runs chapter jobs in worker processes, at most `width` at a time.
///
/// eSpeak NG keeps global state, so parallel synthesis needs processes, not
/// threads. Each worker is this same executable started with the hidden
/// `render-chapter` command; a slot keeps its worker and sends it one chapter
/// script after another on its standard input, each built only when its job
/// starts, and the worker runs each in a fresh fork (`WorkerServer`).
///
/// Cancellation and worker start-up share one lock: a worker is launched and
/// registered while holding it, and cancelling sets the flag and collects the
/// registered workers under it, so a cancellation at any moment of start-up
/// either stops the launch or finds the process to terminate.
final class WorkerPool: Sendable {
    /// The moments of a job's start-up, for tests that cancel at each of them.
    enum Stage: CaseIterable, Sendable {
        /// A slot is free and the job is about to run in it.
        case queued
        /// On the slot's thread, before the job is given to a worker (launched if needed).
        case launching
        /// The job's worker is running and registered for termination.
        case registered
        /// The job's first output line arrived.
        case reporting
    }

    private struct State {
        var cancelled = false
        var next = 0
        var running: [Int32: WorkerProcess] = [:]
        var startedIDs: Set<Int32> = []
        /// The failure that stopped the pool (a full disk), after which no job starts.
        var stoppedBy: RenderError?
    }

    private let executable: String
    private let width: Int
    private let budget: WorkerBudget?
    private let label: String
    /// A new worker process for every job (`FOLLOW_RENDER_FRESH_WORKERS=1`), to measure what a
    /// process start costs against a fork (`scripts/benchmark.py --many-chapters`); the bytes are the same.
    private let freshWorkers = ProcessInfo.processInfo.environment["FOLLOW_RENDER_FRESH_WORKERS"] == "1"
    private let state = Mutex(State())
    private let observe: (@Sendable (Int, Stage) -> Void)?

    /// The process ids of every worker this pool started and of every job they forked.
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

    /// `budget`, when given, is shared with other pools: a job runs only when
    /// both this pool's width and the budget allow it. `label` names the book
    /// in traces. `observe` is told each job's start-up stages (spine index, stage); tests use it.
    init(executable: String, width: Int, budget: WorkerBudget? = nil, label: String = "",
         observe: (@Sendable (Int, Stage) -> Void)? = nil) {
        self.executable = executable
        self.width = max(1, width)
        self.budget = budget
        self.label = label
        self.observe = observe
    }

    /// Runs every job and returns the results by spine index; `script` gives a
    /// job's script as one line of JSON when the job starts. `onEvent` is
    /// called from worker threads, serialized. After `cancellation` fires, no
    /// job starts and running workers are terminated; jobs that never started
    /// have no result and no event.
    func run(_ jobs: [ChapterJob], script: @escaping @Sendable (ChapterJob) throws(RenderError) -> [UInt8],
             cancellation: RenderCancellation,
             onEvent: @escaping @Sendable (ChapterEvent) -> Void) -> [Int: Result<ChapterResult, RenderError>] {
        cancellation.onCancel { [self] in terminateAll() }
        let group = DispatchGroup()
        let results = Locked<[Int: Result<ChapterResult, RenderError>]>([:])
        let events = Mutex(())
        let emit: @Sendable (ChapterEvent) -> Void = { event in events.withLock { _ in onEvent(event) } }
        let record: @Sendable (ChapterJob, Result<ChapterResult, RenderError>) -> Void = { job, result in
            results.update { $0[job.index] = result }
            switch result {
            case let .success(chapter): emit(.finished(chapter))
            case let .failure(error):
                if error.isDiskFull { self.stop(error) }
                if self.stoppedBy == nil { emit(.failed(index: job.index, reason: error.description)) }
            }
        }
        var slots = 0
        for _ in 0..<min(width, jobs.count) {
            group.enter()
            let started = DetachedThread.start { [self] in
                defer { group.leave() }
                runSlot(jobs, script: script, group: group, emit: emit, record: record)
            }
            if started { slots += 1 } else { group.leave() }
        }
        if slots == 0 {
            for job in jobs {
                record(job, .failure(RenderError(.outOfMemory, "out of memory: no thread could be started to run the worker")))
            }
        }
        group.wait()
        return results.value
    }

    /// One slot: takes the next job until none is left or the pool is
    /// cancelled, keeping its worker from one job to the next.
    private func runSlot(_ jobs: [ChapterJob], script: (ChapterJob) throws(RenderError) -> [UInt8], group: DispatchGroup,
                         emit: @escaping @Sendable (ChapterEvent) -> Void,
                         record: @escaping @Sendable (ChapterJob, Result<ChapterResult, RenderError>) -> Void) {
        var worker: WorkerProcess?
        defer { if let worker { retire(worker) } }
        while let job = state.withLock({ state -> ChapterJob? in
            guard state.next < jobs.count else { return nil }
            state.next += 1
            return jobs[state.next - 1]
        }) {
            observe?(job.index, .queued)
            guard !state.withLock({ $0.cancelled }) else { return }
            budget?.acquire()
            observe?(job.index, .launching)
            let outcome = run(job, script: script, on: &worker, emit: emit)
            if freshWorkers, let used = worker {
                retire(used)
                worker = nil
            }
            budget?.release()
            guard let outcome else { return }
            // The next job starts while this result is handled (joining a split chapter's slices, writing book.json).
            group.enter()
            let handed = DetachedThread.start {
                defer { group.leave() }
                record(job, outcome)
            }
            if !handed {
                group.leave()
                record(job, outcome)
            }
        }
    }

    /// Marks the pool cancelled and stops every running worker.
    private func terminateAll() {
        let processes = state.withLock { state in
            state.cancelled = true
            return Array(state.running.values)
        }
        for process in processes { process.terminate() }
    }

    /// Starts a worker and registers it under the lock; nil when the pool was cancelled first.
    private func launch() -> Result<WorkerProcess, RenderError>? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            let process: WorkerProcess
            do throws(RenderError) {
                process = try WorkerProcess(executable: executable, arguments: ["render-chapter"])
            } catch {
                return .failure(error)
            }
            state.running[process.processIdentifier] = process
            state.startedIDs.insert(process.processIdentifier)
            return .success(process)
        }
    }

    /// Ends a worker's input, waits for it to exit and forgets it.
    private func retire(_ process: WorkerProcess) {
        process.closeInput()
        var drain = [UInt8](repeating: 0, count: 1 << 12)
        while drain.withUnsafeMutableBytes({ process.read(into: $0) }) > 0 {}
        _ = process.waitForExit()
        state.withLock { _ = $0.running.removeValue(forKey: process.processIdentifier) }
    }

    /// The job's outcome, on `worker` (started or replaced as needed); nil when
    /// it never started because the pool was cancelled.
    private func run(_ job: ChapterJob, script: (ChapterJob) throws(RenderError) -> [UInt8], on worker: inout WorkerProcess?,
                     emit: @Sendable (ChapterEvent) -> Void) -> Result<ChapterResult, RenderError>? {
        let line: [UInt8]
        do throws(RenderError) {
            line = try script(job) + [0x0A]
        } catch {
            return .failure(error)
        }
        let killsBefore = WorkerExit.outOfMemoryKills()
        if worker == nil || state.withLock({ $0.cancelled }) {
            guard let started = start(&worker) else { return nil }
            if case let .failure(error) = started { return .failure(error) }
        }
        guard var process = worker else { return nil }
        if !process.send(line) {
            // The worker ended while idle (killed between jobs): one new worker takes the job.
            retire(process)
            worker = nil
            guard let started = start(&worker) else { return nil }
            if case let .failure(error) = started { return .failure(error) }
            guard let replacement = worker, replacement.send(line) else {
                return .failure(RenderError(.worker, "cannot give the chapter to a worker process"))
            }
            process = replacement
        }
        return read(job, from: process, killsBefore: killsBefore, emit: emit) { worker = nil }
    }

    /// Makes sure the slot has a worker (launching one when it has none); nil
    /// when the pool was cancelled, a failure when no worker could be started.
    private func start(_ worker: inout WorkerProcess?) -> Result<Void, RenderError>? {
        if worker != nil { return state.withLock { $0.cancelled } ? nil : .success(()) }
        switch launch() {
        case nil: return nil
        case let .failure(error)?: return .failure(error)
        case let .success(started)?:
            worker = started
            return .success(())
        }
    }

    /// Reads the job's messages until its process has ended; `lost` is called
    /// when the worker itself ended (it is reaped here and must be replaced).
    private func read(_ job: ChapterJob, from process: WorkerProcess, killsBefore: Int?, emit: @Sendable (ChapterEvent) -> Void,
                      lost: () -> Void) -> Result<ChapterResult, RenderError> {
        observe?(job.index, .registered)
        let traced = "\(label) \(job.index).\(job.slice ?? 0) \(process.processIdentifier)"
        RenderTrace.mark("launch", traced)
        emit(.started(index: job.index))
        var outcome: Result<ChapterResult, RenderError>?
        var ending: WorkerTermination?
        var reported = false
        var messages: [String] = []
        var lines = LineReader { process.read(into: $0) }
        while ending == nil, let bytes = lines.next() {
            let line = String(decoding: bytes, as: UTF8.self)
            if !reported, !line.isEmpty {
                reported = true
                observe?(job.index, .reporting)
            }
            switch WorkerMessage(line: line) {
            case let .started(pid): state.withLock { _ = $0.startedIDs.insert(pid) }
            case let .progress(sentences, samples): emit(.progress(index: job.index, sentences: sentences, samples: samples))
            case let .done(result): outcome = .success(result)
            case let .error(chain): outcome = .failure(WorkerExit.reported(chain))
            case let .ended(termination): ending = termination
            case nil:
                if !line.isEmpty { messages = Array((messages + [String(line.prefix(500))]).suffix(WorkerExit.keptLines)) }
            }
        }
        if ending == nil {
            let exited = process.waitForExit()
            state.withLock { _ = $0.running.removeValue(forKey: process.processIdentifier) }
            lost()
            ending = exited.signal.map(WorkerTermination.signal) ?? .status(exited.status)
        }
        RenderTrace.mark("exit", traced)
        let signal: Int32? = if case let .signal(number)? = ending { number } else { nil }
        let status: Int32 = if case let .status(number)? = ending { number } else { signal ?? 0 }
        let exit = WorkerExit(signal: signal, status: status,
                              killedForMemory: (WorkerExit.outOfMemoryKills() ?? 0) > (killsBefore ?? Int.max), messages: messages)
        let result: Result<ChapterResult, RenderError>
        if exit.signal != nil || (outcome == nil && exit.isOutOfMemory) {
            result = .failure(exit.error)
        } else if case let .failure(error)? = outcome, error.reason.isEmpty {
            result = .failure(RenderError(.worker, "the worker reported an error without a reason (exit status \(status))",
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
