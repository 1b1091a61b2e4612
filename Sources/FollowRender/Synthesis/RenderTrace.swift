import Foundation

/// Timestamped scheduling events, for finding where a core idles in a render
/// or a batch: with `FOLLOW_RENDER_TRACE=FILE` in the environment, the parent
/// and every worker (which inherit the environment) append one line per event
/// to FILE, `SECONDS PID EVENT DETAIL`, with SECONDS the wall clock so that
/// lines of different processes compare. Without the variable nothing is
/// written and a mark costs one check. `scripts/trace-idle.py` reads the file.
///
/// Each line is one `write` to a file opened with `O_APPEND`, so lines of
/// concurrent processes never interleave.
enum RenderTrace {
    /// The trace file, opened once per process; nil when tracing is off or the file cannot be opened.
    private static let descriptor: Int32? = {
        guard let path = ProcessInfo.processInfo.environment["FOLLOW_RENDER_TRACE"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        return descriptor >= 0 ? descriptor : nil
    }()

    /// Appends `event` (one word) and `detail` (built only when tracing is on).
    static func mark(_ event: String, _ detail: @autoclosure () -> String = "") {
        guard let descriptor else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let microseconds = String(now.tv_nsec / 1_000)
        let padding = String(repeating: "0", count: max(0, 6 - microseconds.count))
        let line = "\(now.tv_sec).\(padding)\(microseconds) \(getpid()) \(event) \(detail())\n"
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }
}
