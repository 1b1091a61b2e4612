import Foundation
import FollowTiming

/// The golden render in `Fixtures/golden` (the sample book's `book.json` and two
/// sidecars), which FollowTiming's tests read as an app would, and scratch copies of it.
enum GoldenRender {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden").path

    static func file(_ name: String) -> String { folder + "/" + name }

    /// A fresh copy of the golden folder, for tests that change a file.
    static func copy(_ name: String = #function) throws -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("follow-timing-tests-\(ProcessInfo.processInfo.processIdentifier)-\(safe)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.copyItem(atPath: folder, toPath: path)
        return path
    }
}
