import FollowRender
import Foundation

/// Opens the book named on the command line, printing its warnings.
func openBook(_ path: String, input: InputOptions = InputOptions()) throws -> EPUBArchive {
    try BookOpener.open(path, input: input) { Console.warning($0) }
}

/// Writes `value` to standard output as JSON.
func printJSON<T: Encodable>(_ value: T) throws {
    let data = try JSONCoding.data(value, pretty: true)
    print(String(decoding: data, as: UTF8.self), terminator: "")
}

/// `h:mm:ss` or `m:ss` for a duration in seconds.
func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let tail = String(format: "%02d:%02d", minutes, rest)
    return hours > 0 ? "\(hours):\(tail)" : String(format: "%d:%02d", minutes, rest)
}

/// `1 chapter`, `2 chapters`.
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
