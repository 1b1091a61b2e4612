import Foundation

/// The system's audio player, for `preview --play`: the first one installed
/// of a short list of command-line players, each started on the file and
/// waited for. follow-render itself plays nothing.
public struct SystemAudioPlayer: Sendable {
    /// The program found, e.g. `/usr/bin/ffplay`.
    public var executable: String
    public var arguments: [String]

    /// Players tried in order, with the options that make them play one file
    /// without a window and quit, and the formats they read.
    private static let candidates: [(name: String, options: [String], formats: Set<AudioFormat>?)] = [
        ("ffplay", ["-nodisp", "-autoexit", "-loglevel", "quiet"], nil),
        ("mpv", ["--no-video", "--really-quiet"], nil),
        ("cvlc", ["--play-and-exit", "--quiet"], nil),
        ("mpg123", ["-q"], [.mp3]),
        ("paplay", [], [.wav, .flac, .ogg]),
        ("aplay", ["-q"], [.wav]),
    ]

    /// The names tried, for a message when none is installed.
    public static var names: [String] { candidates.map(\.name) }

    /// The first installed player that reads `format`, set up to play `file`; nil when none is on `PATH`.
    public static func find(for file: String, format: AudioFormat,
                            path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") -> SystemAudioPlayer? {
        let folders = path.split(separator: ":").map(String.init)
        for candidate in candidates where candidate.formats?.contains(format) ?? true {
            for folder in folders {
                let executable = folder + "/" + candidate.name
                if FileManager.default.isExecutableFile(atPath: executable) {
                    // Absolute, so that a file named like an option is never read as one.
                    let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
                    return SystemAudioPlayer(executable: executable, arguments: candidate.options + [absolute])
                }
            }
        }
        return nil
    }

    /// Plays the file and waits for the player; returns its exit status.
    public func play() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
