import Foundation

/// A scratch folder for one fuzzing process (in `TMPDIR`, named with its
/// process id), where a target writes the input it is given when the reader
/// under test takes a path.
public enum FuzzScratch {
    /// The folder, created on first use.
    public static let folder: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("follow-render-fuzz-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Writes `bytes` to `name` in the folder and returns its path.
    public static func write(_ bytes: UnsafePointer<UInt8>, count: Int, as name: String) -> String {
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes: bytes, count: count))
        return path
    }

    /// The package's `Fixtures/golden` folder (the sample book's sidecars).
    public static let goldenFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden").path
}
