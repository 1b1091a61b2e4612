import Foundation

/// A CLI run measured by `/usr/bin/time -v`: its result and the peak resident
/// memory of the command or of any process it waited for (its workers).
struct PeakMemory {
    var run: CommandRun
    var bytes: Int

    /// The most memory the hostile-input cases may take (issue 23).
    static let limit = 300 * 1024 * 1024

    /// Runs the CLI with `arguments` under `/usr/bin/time -v`.
    static func cli(_ arguments: [String], environment: [String: String] = [:]) throws -> PeakMemory {
        let folder = try TestPaths.temporaryFolder("peak")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/time"
        let run = try CommandRun.run("/usr/bin/time", ["-v", "-o", report, TestPaths.cli] + arguments, environment: environment)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Maximum resident set size") }),
              let kilobytes = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw DecodeError(message: "no peak memory in /usr/bin/time's report: \(text)")
        }
        return PeakMemory(run: run, bytes: kilobytes * 1024)
    }

    var megabytes: Int { bytes >> 20 }
}
