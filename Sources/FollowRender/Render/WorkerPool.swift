import Foundation

/// Runs chapter jobs in worker processes, at most `width` at a time.
///
/// eSpeak NG keeps global state, so parallel synthesis needs processes, not
/// threads. Each worker is this same executable started with the hidden
/// `render-chapter` command and the job as JSON.
final class WorkerPool: @unchecked Sendable {
    private let executable: String
    private let width: Int
    private let lock = NSLock()
    private var running: [Int32: Process] = [:]
    private var startedIDs: Set<Int32> = []

    /// The process ids of every worker this pool started.
    var started: Set<Int32> {
        lock.lock()
        defer { lock.unlock() }
        return startedIDs
    }

    init(executable: String, width: Int) {
        self.executable = executable
        self.width = max(1, width)
    }

    /// Runs every job and returns the results by spine index; `onEvent` is
    /// called from worker threads, serialized. After `cancellation` fires, no
    /// job starts and running workers are terminated.
    func run(_ jobs: [ChapterJob], cancellation: RenderCancellation,
             onEvent: @escaping @Sendable (RenderEvent) -> Void) -> [Int: Result<ChapterResult, RenderError>] {
        cancellation.onCancel { [self] in terminateAll() }
        let slots = DispatchSemaphore(value: width)
        let group = DispatchGroup()
        let results = Locked<[Int: Result<ChapterResult, RenderError>]>([:])
        let events = NSLock()
        let emit: @Sendable (RenderEvent) -> Void = { event in
            events.lock()
            onEvent(event)
            events.unlock()
        }
        for job in jobs {
            slots.wait()
            guard cancellation.cancelledBy == nil else {
                slots.signal()
                break
            }
            group.enter()
            Thread.detachNewThread { [self] in
                let result = runWorker(job, emit: emit)
                results.update { $0[job.index] = result }
                switch result {
                case let .success(chapter): emit(.finished(chapter))
                case let .failure(error): emit(.failed(index: job.index, reason: error.description))
                }
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        return results.value
    }

    /// Stops every running worker.
    private func terminateAll() {
        lock.lock()
        let processes = Array(running.values)
        lock.unlock()
        for process in processes where process.isRunning { process.terminate() }
    }

    private func runWorker(_ job: ChapterJob, emit: @Sendable (RenderEvent) -> Void) -> Result<ChapterResult, RenderError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let encoded = (try? JSONCoding.encoder().encode(job)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        process.arguments = ["render-chapter", encoded]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(RenderError("cannot start a worker process (\(executable)): \(error.localizedDescription)"))
        }
        lock.lock()
        running[process.processIdentifier] = process
        startedIDs.insert(process.processIdentifier)
        lock.unlock()
        emit(.started(index: job.index))
        var outcome: Result<ChapterResult, RenderError>?
        var buffer = Data()
        let handle = output.fileHandleForReading
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                switch WorkerMessage(line: line) {
                case let .progress(sentences, samples):
                    emit(.progress(index: job.index, sentences: sentences, samples: samples))
                case let .done(result): outcome = .success(result)
                case let .error(reason): outcome = .failure(RenderError(reason))
                case nil: continue
                }
            }
        }
        process.waitUntilExit()
        lock.lock()
        running[process.processIdentifier] = nil
        lock.unlock()
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let cause = signal == SIGKILL ? ", e.g. by the out-of-memory killer" : signal == SIGTRAP || signal == SIGILL || signal == SIGABRT ? ", a crash or a failed allocation" : ""
            return .failure(RenderError("worker stopped by signal \(signal)\(cause)"))
        }
        return outcome ?? .failure(RenderError("worker exited with status \(process.terminationStatus) and no result"))
    }
}
