import Foundation

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

/// The real EPUBCheck (`/usr/share/java/epubcheck.jar`), run once on a file.
/// With a 1 GB stack: EPUBCheck 4.2 checks the reading order of media-overlay
/// text references recursively, one frame per reference, and overflows the
/// default stack on a whole book's overlays (then still reports no errors).
/// With the JVM's quick compiler only and its serial collector: a check takes
/// seconds, too short for the optimizing compiler and the parallel collector's
/// threads to pay back their CPU (measured on this 2-core machine: 15.2 CPU-s
/// down to 7.9 on the sample book, 26.9 down to 12.3 on Moby-Dick, the same
/// messages); what EPUBCheck checks does not change.
enum EPUBCheckRun {
    static let javaOptions = ["-Xss1g", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]

    static func messages(_ epub: String) throws -> [EPUBCheckMessage] {
        let folder = try TestPaths.temporaryFolder("epubcheck")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.json"
        let run = try CommandRun.run("/usr/bin/java", javaOptions + ["-jar", "/usr/share/java/epubcheck.jar", epub, "--json", report])
        let crash = (run.stdout + "\n" + run.stderr).split(separator: "\n").first {
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
}
