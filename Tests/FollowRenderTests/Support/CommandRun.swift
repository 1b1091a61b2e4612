import Foundation
import Testing

/// The one way the tests run a program (the follow-render CLI or a real tool:
/// ffmpeg, unzip, EPUBCheck …) to completion, capturing both streams.
struct CommandRun {
    var status: Int32
    var output: Data
    var stderr: String
    var seconds: Double

    /// Standard output as text.
    var stdout: String { String(decoding: output, as: UTF8.self) }

    /// Runs `executable` with `arguments`, in `directory`, with `environment` added to this process's own.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                    environment: [String: String] = [:]) throws -> CommandRun {
        let folder = try TestPaths.temporaryFolder("run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let timeFile = folder + "/time"
        let (program, programArguments) = TestProfile.path == nil
            ? (executable, arguments) : TestProfile.wrapped(executable, arguments, timeFile: timeFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = programArguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let outPath = folder + "/out", errPath = folder + "/err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
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
        TestProfile.record(executable, arguments, started: start, timeFile: timeFile)
        return CommandRun(
            status: process.terminationStatus,
            output: try Data(contentsOf: URL(fileURLWithPath: outPath)),
            stderr: try String(contentsOfFile: errPath, encoding: .utf8),
            seconds: Date().timeIntervalSince(start)
        )
    }

    /// Runs a tool that must succeed, failing the test with its output otherwise; returns its standard output.
    @discardableResult
    static func checked(_ tool: String, _ arguments: [String], in directory: String? = nil) throws -> Data {
        let run = try run(tool, arguments, in: directory)
        try #require(run.status == 0, "\(tool) \(arguments.joined(separator: " ")) failed:\n\(run.stderr)\(run.stdout)")
        return run.output
    }

    /// Runs the project's script `scripts/NAME` with bash, which prints the path of
    /// what it made on its last line; returns that path, or throws with the
    /// script's standard error when it fails or the path does not exist.
    static func script(_ name: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> String {
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/" + name).path
        let run = try run("/bin/bash", [script] + arguments, environment: environment)
        let path = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.status == 0, FileManager.default.fileExists(atPath: path) else {
            throw DecodeError(message: "scripts/\(name) failed (\(run.status)):\n\(run.stderr.suffix(4000))")
        }
        return path
    }

    /// Runs the follow-render CLI.
    static func cli(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> CommandRun {
        try run(TestPaths.cli, arguments, in: directory, environment: environment)
    }

    /// Starts the CLI without waiting, for tests that signal it while it runs; standard error goes to `errors`.
    static func startCLI(_ arguments: [String], errors: Pipe) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.cli)
        process.arguments = arguments
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
