import Foundation

/// How a worker process ended when it sent no result, as one line: a worker
/// that ran out of memory says so (`RenderError.Kind.outOfMemory`), whether an
/// allocation failed under an address-space limit (`ulimit -v`, RLIMIT_AS) or
/// the kernel's out-of-memory killer stopped it; any other end names the signal
/// or status and the worker's last message of its own.
///
/// A worker's standard error is collected with its protocol lines, so what the
/// runtime or a C library prints when it fails (Swift's "failed to allocate",
/// libpulse's "mmap() failed") never reaches the user's terminal raw.
struct WorkerExit {
    /// How many of the worker's own lines are kept (the last ones).
    static let keptLines = 20

    var signal: Int32?
    var status: Int32
    /// The kernel's count of out-of-memory kills went up while the worker ran.
    var killedForMemory: Bool
    /// The worker's last lines that were not protocol messages.
    var messages: [String]

    /// What allocation failures print: the Swift runtime, libc's `strerror(ENOMEM)`,
    /// C++ (`std::bad_alloc`), glib, and libraries that say "out of memory".
    private static let memoryFaults = ["failed to allocate", "cannot allocate memory", "could not allocate",
                                       "bad_alloc", "out of memory", "memory exhausted"]

    /// The failure a worker reported itself, with the worker's error rebuilt
    /// from its chain (kinds, files, messages, down to the OS's or a C library's
    /// code) as the cause: an allocation failure that a C library returned
    /// (eSpeak NG, LAME, FFmpeg: ENOMEM) is `outOfMemory`.
    static func reported(_ chain: ErrorChain) -> RenderError {
        let cause = chain.error
        let reason = cause.map { String(describing: $0) } ?? ""
        guard isMemoryFault(reason) else { return RenderError(.worker, reason, cause: cause) }
        return RenderError(.outOfMemory, "out of memory: \(reason)", cause: cause)
    }

    private static func isMemoryFault(_ line: String) -> Bool {
        memoryFaults.contains { line.lowercased().contains($0) }
    }

    /// The end as a field of the chapter's error.
    var termination: WorkerTermination {
        signal.map(WorkerTermination.signal) ?? .status(status)
    }

    /// Whether the worker's end is that of memory exhaustion.
    var isOutOfMemory: Bool {
        if killedForMemory, signal == SIGKILL { return true }
        let faulted = messages.contains(where: Self.isMemoryFault)
        return faulted && (signal != nil || status != 0)
    }

    /// The failure to report for the worker's chapter.
    var error: RenderError {
        if isOutOfMemory {
            let limit = Self.addressSpaceLimit.map { ", address-space limit \($0 >> 20) MB" } ?? ""
            let how = signal == SIGKILL ? "stopped by the kernel's out-of-memory killer" : "an allocation failed"
            return RenderError(.outOfMemory, "out of memory: the worker stopped (\(how)\(limit))")
        }
        let last = messages.last.map { "; its last message: \(TerminalText.escaped($0))" } ?? ""
        guard let signal else {
            return RenderError(.worker, "worker exited with status \(status) and no result\(last)")
        }
        let cause = signal == SIGKILL ? ", e.g. by the out-of-memory killer"
            : signal == SIGTRAP || signal == SIGILL || signal == SIGABRT ? ", a crash or a failed allocation" : ""
        return RenderError(.worker, "worker stopped by signal \(signal)\(cause)\(last)")
    }

    /// This process's address-space limit (which its workers inherit), when one is set.
    static var addressSpaceLimit: UInt64? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// The cgroup's count of out-of-memory kills (`memory.events`), when readable.
    static func outOfMemoryKills() -> Int? {
        guard let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.events", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("oom_kill ") {
            return Int(line.dropFirst("oom_kill ".count))
        }
        return nil
    }
}
