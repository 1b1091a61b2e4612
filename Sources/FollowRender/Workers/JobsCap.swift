import Foundation

/// How many worker processes a render may run at once: no more than the
/// cores (a worker is single-threaded CPU work, more only thrash) and no more
/// than the available memory holds at `perWorkerBytes` each.
public struct JobsCap: Sendable {
    /// Memory set aside per worker: well above the measured peak of a worker
    /// (about 75 MB on the longest corpus chapters), so a cap means real pressure.
    public static let perWorkerBytes: UInt64 = 256 << 20

    public var cores: Int
    /// Bytes available to this program (MemAvailable, lowered by a cgroup limit); nil when unknown.
    public var availableBytes: UInt64?

    public init(cores: Int = ProcessInfo.processInfo.activeProcessorCount,
                availableBytes: UInt64? = JobsCap.systemAvailableBytes()) {
        self.cores = max(1, cores)
        self.availableBytes = availableBytes
    }

    /// The number of workers to run for `requested`, and a one-line note when it was lowered.
    public func cap(_ requested: Int) -> (jobs: Int, note: String?) {
        var jobs = min(requested, cores)
        var reasons: [String] = []
        if requested > cores { reasons.append("\(cores) core\(cores == 1 ? "" : "s")") }
        if let availableBytes {
            let fits = max(1, Int(availableBytes / Self.perWorkerBytes))
            if jobs > fits {
                jobs = fits
                reasons.append("\(availableBytes >> 20) MB of memory available, \(Self.perWorkerBytes >> 20) MB per worker")
            }
        }
        guard jobs < requested else { return (requested, nil) }
        return (jobs, "\(Setting.jobs) \(requested) lowered to \(jobs) (\(reasons.joined(separator: "; ")))")
    }

    /// MemAvailable from `/proc/meminfo`, lowered to the cgroup's free room when it has a limit.
    public static func systemAvailableBytes() -> UInt64? {
        var available: UInt64?
        if let info = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kilobytes = UInt64(line.split(separator: " ").dropFirst().first ?? "") {
            available = kilobytes * 1024
        }
        if let limit = number(at: "/sys/fs/cgroup/memory.max"), let used = number(at: "/sys/fs/cgroup/memory.current") {
            let room = limit > used ? limit - used : 0
            available = min(available ?? room, room)
        }
        return available
    }

    private static func number(at path: String) -> UInt64? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
