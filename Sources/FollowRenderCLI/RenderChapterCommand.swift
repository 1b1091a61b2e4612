import FollowRender
import Foundation

/// `follow-render render-chapter JOB`: the worker side of a render, started by
/// the renderer itself. Speaks one chapter and reports on standard output.
enum RenderChapterCommand: Command {
    static let name = "render-chapter"
    static let summary = "(internal) Render one chapter as a worker process"
    static let help = """
        Usage: follow-render render-chapter JOB_JSON

        Internal: the renderer starts one such worker per chapter, because eSpeak NG
        allows one synthesis per process. Reports `progress`, `done` or `error`
        lines on standard output.
        """

    static func parse(_ arguments: inout Arguments) throws -> ChapterJob {
        restoreDefaultSignals()
        limitAddressSpace()
        let encoded = try arguments.positionals("JOB_JSON")[0]
        do {
            return try JSONCoding.decode(ChapterJob.self, from: Data(encoded.utf8))
        } catch {
            throw UsageError("JOB_JSON is not a chapter job: \(error)")
        }
    }

    static func run(_ job: ChapterJob) throws -> Int32 {
        do {
            let result = try job.run { sentences, samples in
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
        FileHandle.standardOutput.write(Data((message.line + "\n").utf8))
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
