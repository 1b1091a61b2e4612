import Foundation

/// Where the tests find the package, its fixtures, the built CLI and the shared corpus.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let sampleBook = fixtures.appendingPathComponent("sample-book.epub").path
    static let sampleFolder = fixtures.appendingPathComponent("sample-book").path

    /// A Python checker of `Tests/Checkers/` (run with `/usr/bin/python3`).
    static func checker(_ name: String) -> String { packageRoot.appendingPathComponent("Tests/Checkers/\(name)").path }

    /// `../shared/corpus` beside the checkout (a missing corpus fails the tests that read it).
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// A file of the corpus, e.g. `bad/nav-toc-missing-error.epub`.
    static func corpusFile(_ path: String) -> String { corpus.appendingPathComponent(path).path }

    /// A book of the corpus's `books/` folder.
    static func book(_ name: String) -> String { corpusFile("books/\(name)") }

    /// Every EPUB of a corpus folder (`books`, `bad`), sorted by name; throws when the folder is missing.
    static func corpusFiles(_ folder: String) throws -> [String] {
        let url = corpus.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasSuffix(".epub") }.sorted().map { url.appendingPathComponent($0).path }
    }

    /// The CLI built beside this test bundle, so a release test run (or any
    /// `--scratch-path`) runs the binary of its own configuration; `swift build`
    /// builds it. `FOLLOW_RENDER_CLI` overrides it: scripts/test.sh sets it to the
    /// static release binary it builds beside the debug build (less CPU per render,
    /// issue 25; the binary the Debian package ships).
    static let cli: String = {
        if let override = ProcessInfo.processInfo.environment["FOLLOW_RENDER_CLI"] { return override }
        let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let beside = bundle.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("follow-render").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/follow-render").path
    }()

    /// A fresh empty folder for one test, named after it. It stays after the
    /// test (to look into a failure) unless the test removes it with `remove`.
    static func temporaryFolder(_ name: String = #function) throws -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("follow-render-tests-\(ProcessInfo.processInfo.processIdentifier)-\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// `temporaryFolder` as a file URL.
    static func temporaryURL(_ name: String = #function) throws -> URL {
        URL(fileURLWithPath: try temporaryFolder(name), isDirectory: true)
    }

    /// Removes a temporary folder and all it holds.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes a temporary folder and all it holds.
    static func remove(_ url: URL) {
        remove(url.path)
    }
}
