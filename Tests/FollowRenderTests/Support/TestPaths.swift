import Foundation

/// Where the tests find the package, its fixtures, the built CLI and the shared corpus.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let sampleBook = fixtures.appendingPathComponent("sample-book.epub").path
    static let sampleFolder = fixtures.appendingPathComponent("sample-book").path

    /// `../shared/corpus` beside the checkout.
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static func book(_ name: String) -> String { corpus.appendingPathComponent("books/\(name)").path }

    static func corpusFiles(_ folder: String) throws -> [String] {
        let url = corpus.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasSuffix(".epub") }.sorted().map { url.appendingPathComponent($0).path }
    }

    /// The CLI built by `swift build` (scripts/test.sh builds it before testing).
    static var cli: String {
        let debug = packageRoot.appendingPathComponent(".build/debug/follow-render").path
        return debug
    }

    /// A fresh empty folder for one test.
    static func temporaryFolder(_ name: String = #function) throws -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("follow-render-tests-\(ProcessInfo.processInfo.processIdentifier)-\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
