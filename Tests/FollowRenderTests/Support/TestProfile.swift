import Foundation
import Testing

/// The opt-in CPU profile of the suite (issue 25): with `FOLLOW_TEST_PROFILE=/path/file.tsv`
/// set, `CommandRun.run` starts each program under `/usr/bin/time` and appends one line per
/// program to that file: the running test's id and name, the program, its first arguments,
/// when it started (seconds since 1970), its wall seconds and its user and system CPU seconds (its own and those of the children
/// it waited for, e.g. the CLI's workers). `scripts/test-profile.py` sums the lines per suite
/// and test. Without the variable nothing changes.
enum TestProfile {
    /// The file the lines go to, or nil when profiling is off.
    static let path: String? = ProcessInfo.processInfo.environment["FOLLOW_TEST_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }

    /// `executable` and `arguments` wrapped in `/usr/bin/time`, writing its figures to `timeFile`.
    static func wrapped(_ executable: String, _ arguments: [String], timeFile: String) -> (String, [String]) {
        ("/usr/bin/time", ["-f", "%e %U %S", "-o", timeFile, executable] + arguments)
    }

    /// Appends the line for one finished program, read from the `/usr/bin/time` figures in `timeFile`.
    static func record(_ executable: String, _ arguments: [String], started: Date, timeFile: String) {
        guard path != nil,
              let text = try? String(contentsOfFile: timeFile, encoding: .utf8),
              let figures = text.split(separator: "\n").last?.split(separator: " "), figures.count == 3
        else { return }
        record(executable, arguments, started: started, figures: figures.map(String.init))
    }

    /// Appends the line for one piece of work of a long-lived program that `/usr/bin/time`
    /// cannot time (EPUBCheckRun's one JVM): `figures` are its wall, user and system seconds.
    static func record(_ executable: String, _ arguments: [String], started: Date, figures: [String]) {
        guard let path else { return }
        let test = Test.current
        let fields = [
            test.map { String(describing: $0.id) } ?? "-",
            test?.displayName ?? test?.name ?? "-",
            (executable as NSString).lastPathComponent,
            arguments.prefix(3).map { ($0 as NSString).lastPathComponent }.joined(separator: " "),
            String(format: "%.3f", started.timeIntervalSince1970),
        ].map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
            + figures
        let line = fields.joined(separator: "\t") + "\n"
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    }
}
