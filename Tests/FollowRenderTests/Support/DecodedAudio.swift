import Foundation

/// An audio file decoded by ffmpeg as a player would: mono 16-bit samples.
struct DecodedAudio {
    var samples: [Int16]
    var sampleRate: Int

    init(path: String, sampleRate: Int = 22050) throws {
        let folder = try TestPaths.temporaryFolder("decode")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let raw = folder + "/audio.raw"
        let run = try CommandRun.run("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", "\(sampleRate)", raw])
        guard run.status == 0 else { throw DecodeError(message: "ffmpeg failed: \(run.stderr)") }
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        self.sampleRate = sampleRate
    }

    var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// Each file of `paths` decoded as ``init(path:sampleRate:)`` decodes it (the same
    /// samples, byte for byte), by one ffmpeg run per ``batch`` files, each file its own
    /// input and output: a process per file costs more than its decoding (300
    /// chapter MP3s: 39 CPU-s one by one, issue 25).
    static func all(_ paths: [String], sampleRate: Int = 22050) throws -> [DecodedAudio] {
        let folder = try TestPaths.temporaryFolder("decode")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var decoded: [DecodedAudio] = []
        for start in stride(from: 0, to: paths.count, by: batch) {
            let chunk = Array(paths[start..<min(start + batch, paths.count)])
            let raws = chunk.indices.map { folder + "/\($0).raw" }
            let inputs = chunk.flatMap { ["-i", $0] }
            let outputs = raws.enumerated().flatMap { ["-map", "\($0.offset):a", "-f", "s16le", "-ac", "1", "-ar", "\(sampleRate)", $0.element] }
            let run = try CommandRun.run("/usr/bin/ffmpeg", ["-v", "error", "-y"] + inputs + outputs)
            guard run.status == 0 else { throw DecodeError(message: "ffmpeg failed: \(run.stderr)") }
            for raw in raws {
                let data = try Data(contentsOf: URL(fileURLWithPath: raw))
                decoded.append(DecodedAudio(samples: data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }, sampleRate: sampleRate))
            }
        }
        return decoded
    }

    /// Files per ffmpeg run in ``all(_:sampleRate:)``: well under the open-file limit.
    static let batch = 100

    private init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// ffprobe's idea of the file's duration, in seconds.
    static func probeDuration(_ path: String) throws -> Double {
        let run = try CommandRun.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", path])
        guard let value = Double(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw DecodeError(message: "ffprobe gave no duration for \(path): \(run.stderr)")
        }
        return value
    }

    /// ffprobe's container tags (lowercased keys) and whether a cover picture is attached.
    static func probeTags(_ path: String) throws -> (tags: [String: String], cover: Bool) {
        let run = try CommandRun.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "format_tags:stream=codec_type",
                                                          "-of", "default=nw=1", path])
        var tags: [String: String] = [:]
        var cover = false
        for line in run.stdout.split(separator: "\n") {
            if line == "codec_type=video" { cover = true }
            guard line.hasPrefix("TAG:"), let equals = line.firstIndex(of: "=") else { continue }
            tags[line[line.index(line.startIndex, offsetBy: 4)..<equals].lowercased()] = String(line[line.index(after: equals)...])
        }
        return (tags, cover)
    }

    /// Root-mean-square level of 5 ms frames.
    func frameLevels(frame: Int = 110) -> [Double] {
        stride(from: 0, to: samples.count, by: frame).map { start in
            let slice = samples[start..<min(samples.count, start + frame)]
            let sum = slice.reduce(0.0) { $0 + Double($1) * Double($1) }
            return (sum / Double(slice.count)).squareRoot()
        }
    }

    /// The speech onset nearest to `time`: a 5 ms frame above `threshold`
    /// after at least `silence` seconds of frames below it, searched within `window`.
    func onset(near time: Double, window: Double = 0.15, threshold: Double = 300, silence: Double = 0.03,
               levels: [Double]) -> Double? {
        let frameSeconds = 110.0 / Double(sampleRate)
        let quietFrames = Int((silence / frameSeconds).rounded(.up))
        let first = max(quietFrames, Int((time - window) / frameSeconds))
        let last = min(levels.count - 1, Int((time + window) / frameSeconds))
        guard first <= last else { return nil }
        let onsets = (first...last).filter { index in
            levels[index] > threshold && levels[(index - quietFrames)..<index].allSatisfy { $0 <= threshold }
        }
        return onsets.map { Double($0) * frameSeconds }.min { abs($0 - time) < abs($1 - time) }
    }
}

struct DecodeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
