import Foundation

/// The outcome of running a program to completion.
struct CommandRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double

    /// Runs `executable` with `arguments`, capturing both streams.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> CommandRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let folder = try TestPaths.temporaryFolder("run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outPath = folder + "/out", errPath = folder + "/err"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CommandRun(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: outPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errPath, encoding: .utf8),
            seconds: Date().timeIntervalSince(start)
        )
    }

    /// Runs the follow-render CLI.
    static func cli(_ arguments: [String], in directory: String? = nil) throws -> CommandRun {
        try run(TestPaths.cli, arguments, in: directory)
    }
}
