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

/// The real EPUBCheck (`/usr/share/java/epubcheck.jar`), run once on a file.
enum EPUBCheckRun {
    static func messages(_ epub: String) throws -> [EPUBCheckMessage] {
        let folder = try TestPaths.temporaryFolder("epubcheck")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.json"
        _ = try CommandRun.run("/usr/bin/java", ["-jar", "/usr/share/java/epubcheck.jar", epub, "--json", report])
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
