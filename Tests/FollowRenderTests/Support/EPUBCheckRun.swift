import Foundation
import Synchronization

/// One EPUBCheck finding at one location.
struct EPUBCheckMessage: Hashable, CustomStringConvertible {
    var id: String
    var severity: String
    var path: String
    var line: Int
    var message: String

    var isError: Bool { severity == "ERROR" || severity == "FATAL" }
    var description: String { "\(severity) \(id) \(path):\(line) \(message)" }
}

/// EPUBCheck stopped part-way (a Java exception or error), so its report is incomplete.
struct EPUBCheckCrash: Error, CustomStringConvertible {
    var epub: String
    var output: String
    var description: String { "EPUBCheck crashed on \(epub): \(output)" }
}

/// The real EPUBCheck (`/usr/share/java/epubcheck.jar`), its own command-line
/// tool run on each file, in one JVM per test process: `Tests/Checkers/EPUBCheckServer.java`,
/// started at the first check, takes one file at a time (issue 25: a JVM per file spent
/// most of its CPU starting up and loading EPUBCheck's schemas, 7–12 CPU-s a file; the
/// same report comes out, message for message).
/// With a 1 GB stack for each check: EPUBCheck 4.2 checks the reading order of
/// media-overlay text references recursively, one frame per reference, and overflows
/// the default stack on a whole book's overlays (then still reports no errors).
/// With the JVM's quick compiler only and its serial collector (measured on this
/// 2-core machine for a JVM per file: 15.2 CPU-s down to 7.9 on the sample book, 26.9
/// down to 12.3 on Moby-Dick, the same messages); what EPUBCheck checks does not change.
enum EPUBCheckRun {
    static let javaOptions = ["-Xss1g", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]

    static func messages(_ epub: String) throws -> [EPUBCheckMessage] {
        let folder = try TestPaths.temporaryFolder("epubcheck")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.json"
        let printed = try server.withLock { server in
            if server == nil { server = try Server() }
            do {
                return try server!.check(URL(fileURLWithPath: epub).standardizedFileURL.path, report: report)
            } catch {
                // The next check starts a new JVM.
                if server?.process.isRunning == true { server?.process.terminate() }
                server = nil
                throw error
            }
        }
        let crash = printed.split(separator: "\n").first {
            $0.hasPrefix("java.") || $0.hasPrefix("Exception") || $0.contains("Exception in thread")
        }
        if let crash { throw EPUBCheckCrash(epub: epub, output: String(crash)) }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        let messages = json?["messages"] as? [[String: Any]] ?? []
        return messages.flatMap { message -> [EPUBCheckMessage] in
            let locations = message["locations"] as? [[String: Any]] ?? []
            return locations.map { location in
                EPUBCheckMessage(
                    id: message["ID"] as? String ?? "", severity: message["severity"] as? String ?? "",
                    path: location["path"] as? String ?? "", line: location["line"] as? Int ?? -1,
                    message: message["message"] as? String ?? ""
                )
            }
        }
    }

    /// The JVM, once started; checks go to it one at a time.
    private static let server = Mutex<Server?>(nil)

    /// The running `EPUBCheckServer.java`, its request and answer pipes.
    private final class Server: @unchecked Sendable {
        let process = Process()
        let requests = Pipe()
        let answers = Pipe()
        let errors: String
        var pending = Data()
        /// The JVM's CPU seconds when the last check ended (for the profile: each check counts what it cost, the first its start-up).
        var cpu = 0.0

        init() throws {
            errors = try TestPaths.temporaryFolder("epubcheck-server") + "/stderr"
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/java")
            process.arguments = EPUBCheckRun.javaOptions
                + ["-cp", "/usr/share/java/epubcheck.jar", TestPaths.checker("EPUBCheckServer.java")]
            process.standardInput = requests
            process.standardOutput = answers
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
            try process.run()
        }

        /// What EPUBCheck printed checking `epub` (its JSON report written to `report`).
        func check(_ epub: String, report: String) throws -> String {
            guard !(epub + report).contains(where: { $0 == "\t" || $0 == "\n" }) else {
                throw DecodeError(message: "EPUBCheckRun: a path with a tab or a line break: \(epub)")
            }
            guard process.isRunning else {
                throw DecodeError(message: "EPUBCheckServer.java is not running: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
            }
            let started = Date()
            try requests.fileHandleForWriting.write(contentsOf: Data((epub + "\t" + report + "\n").utf8))
            while !pending.contains(0x0A) {
                let more = answers.fileHandleForReading.availableData
                guard !more.isEmpty else {
                    let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                    throw DecodeError(message: "EPUBCheckServer.java ended without an answer: \(stderr)")
                }
                pending.append(more)
            }
            let end = pending.firstIndex(of: 0x0A)!
            let line = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeSubrange(...end)
            let now = cpuSeconds()
            TestProfile.record("java", ["EPUBCheckServer.java", epub], started: started,
                               figures: [String(format: "%.2f", Date().timeIntervalSince(started)), String(format: "%.2f", now - cpu), "0"])
            cpu = now
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, let printed = Data(base64Encoded: String(fields[1])) else {
                throw DecodeError(message: "EPUBCheckServer.java answered \(line)")
            }
            return String(decoding: printed, as: UTF8.self)
        }

        /// The JVM's CPU seconds so far, user and system (`/proc/PID/stat`; the profile line gives them as user).
        private func cpuSeconds() -> Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return cpu }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return cpu }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }
}
