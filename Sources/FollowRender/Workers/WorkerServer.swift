import CProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The worker process's side of a render (`follow-render render-chapter`,
/// started by `WorkerPool`): reads chapter scripts from standard input, one
/// JSON line each, and renders each one; reports on standard output
/// (`WorkerMessage`).
///
/// eSpeak NG keeps state from one utterance to the next, and tearing it down
/// and initializing it again does not reset that state (measured: the same
/// text then gives other samples), so a job must never follow another in the
/// same engine. The worker initializes the engine once, speaks nothing itself,
/// and forks a child per job (`fr_fork_job`): every job starts from the same
/// unused engine, so its bytes are those of a fresh process whatever ran
/// before it, in any order and with any `--jobs`, while a job costs a fork
/// instead of a process start (loading the libraries, the runtime, eSpeak's data).
/// The child reports its pid (`started`), renders and exits; the worker then
/// reports how it ended (`ended`) and reads the next script. A job that crashes
/// or is killed takes only its child with it.
public enum WorkerServer {
    /// Runs the worker until its input ends; returns its exit status.
    public static func run() -> Int32 {
        restoreDefaultSignals()
        limitAddressSpace()
        let engine: SpeechEngine
        do {
            engine = try SpeechEngine.shared()
        } catch {
            send(.failure(error))
            return 1
        }
        WorkerWarmUp.run(sampleRate: engine.sampleRate)
        var input = LineReader { buffer in read(0, buffer.baseAddress, buffer.count) }
        while let line = input.next() {
            let child = fr_fork_job()
            if child == 0 { _exit(runJob(line, engine: engine)) }
            guard child > 0 else {
                send(.failure(RenderError(.outOfMemory, "out of memory: the worker cannot start a job (\(String(cString: strerror(errno))))", cause: POSIXError.current)))
                return 1
            }
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            let signal = status & 0x7F
            // After a newline: a child that died mid-line must not swallow the message.
            write("\n" + WorkerMessage.ended(signal != 0 ? .signal(signal) : .status((status >> 8) & 0xFF)).line + "\n")
        }
        return 0
    }

    /// The child's job: decodes the script, renders it, reports; returns the exit status.
    private static func runJob(_ line: [UInt8], engine: SpeechEngine) -> Int32 {
        send(.started(pid: getpid()))
        do {
            let script: ChapterScript
            do {
                script = try JSONCoding.decode(ChapterScript.self, from: Data(line))
            } catch {
                throw RenderError(.worker, "the worker was sent something that is not a chapter script: \(error)", cause: error)
            }
            RenderTrace.mark("worker-ready", "\(script.chapter.index).\(script.slice?.index ?? 0) \(getppid())")
            let result = try JobRunner.run(script, synthesizer: engine) { sentences, samples in
                send(.progress(sentences: sentences, samples: samples))
            }
            send(.done(result))
            return 0
        } catch {
            send(.failure(error))
            return 1
        }
    }

    private static func send(_ message: WorkerMessage) {
        write(message.line + "\n")
    }

    /// Writes `text` to standard output whole (one `write` per call while the pipe has room, so lines do not interleave).
    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// `FOLLOW_RENDER_WORKER_MEMORY_MB` caps the worker's own address space
    /// (RLIMIT_AS) below what the renderer has, so one chapter cannot take all
    /// of a shared machine's memory; its exhaustion is reported as "out of memory".
    private static func limitAddressSpace() {
        guard let value = ProcessInfo.processInfo.environment["FOLLOW_RENDER_WORKER_MEMORY_MB"],
              let megabytes = rlim_t(value), megabytes > 0 else { return }
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = min(limit.rlim_max, megabytes << 20)
        setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
    }

    /// Lets SIGINT, SIGTERM and SIGHUP stop the worker, whatever it inherited: the
    /// parent ignores them while it renders, and a parent thread may have them
    /// blocked (a blocked signal sent before this point is delivered here).
    private static func restoreDefaultSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in SignalTrap.signals {
            signal(number, SIG_DFL)
            sigaddset(&set, number)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
