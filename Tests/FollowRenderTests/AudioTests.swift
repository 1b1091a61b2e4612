import Foundation
import Testing
@testable import FollowRender

/// Audio writers, checked with real LAME and libsndfile output decoded by the
/// real ffmpeg/ffprobe. Signals are generated: silence with a click at a
/// known sample, so no speech engine is needed.
@Suite("Audio writers")
struct AudioTests {
    static let sampleRate = 22050
    static let tags = AudioTags(title: "Chapter One", album: "The Book", artist: "Ann Author", track: 3, trackCount: 12)

    @Test("MP3 at the default bitrate has tags, cover, info tag, exact click time and ffprobe's duration")
    func mp3Default() throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        let cover = try Tools.jpegCover(in: dir)
        var tags = Self.tags
        tags.cover = cover
        tags.coverMediaType = "image/jpeg"
        let path = dir + "/default.mp3"
        let signal = Signal(count: 5 * Self.sampleRate, click: 30_000)
        let writer = try MP3Writer(path: path, sampleRate: Self.sampleRate, tags: tags)
        try signal.write(to: writer)
        let duration = try writer.finish()

        #expect(writer.hasInfoTag)
        #expect(writer.leadingSamples == 0)
        let probe = try Probe(path: path)
        #expect(probe.tags["title"] == "Chapter One")
        #expect(probe.tags["album"] == "The Book")
        #expect(probe.tags["artist"] == "Ann Author")
        #expect(probe.tags["track"] == "3/12")
        #expect(probe.hasAttachedPicture)
        #expect(abs(probe.duration - Double(duration) / Double(Self.sampleRate)) < 0.030)

        let decoded = try Tools.decode(path)
        #expect(decoded.count == signal.count, "gapless decoders play exactly the samples written")
        #expect(abs(decoded.peakIndex - (signal.click + writer.leadingSamples)) <= Self.sampleRate / 1000)

        let firstFrame = try MP3Bytes(path: path).firstFrame
        #expect(firstFrame.contains("Info") && firstFrame.contains("LAME"))
    }

    @Test("MP3 at 48 and 32 kbps has no room for the info tag; decoders play 1,105 samples of delay", arguments: [48, 32])
    func mp3LowBitrate(bitrate: Int) throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        let path = dir + "/low.mp3"
        let signal = Signal(count: 3 * Self.sampleRate, click: 12_345)
        var tags = Self.tags
        // A large cover must not throw off ffprobe's size-based duration estimate.
        tags.cover = try Tools.jpegCover(in: dir, source: "testsrc2=s=600x900")
        #expect(tags.cover!.count > 50_000)
        let writer = try MP3Writer(path: path, sampleRate: Self.sampleRate, bitrate: bitrate, tags: tags)
        try signal.write(to: writer)
        let duration = try writer.finish()

        #expect(!writer.hasInfoTag)
        #expect(writer.leadingSamples == 1105)
        let decoded = try Tools.decode(path)
        #expect(decoded.count == duration, "decoders play every frame")
        #expect(abs(decoded.peakIndex - (signal.click + writer.leadingSamples)) <= Self.sampleRate / 1000)
        #expect(abs(try Probe(path: path).duration - Double(duration) / Double(Self.sampleRate)) < 0.030)
        let firstFrame = try MP3Bytes(path: path).firstFrame
        #expect(!firstFrame.contains("Info") && !firstFrame.contains("Xing"))
    }

    @Test("the info tag is written exactly when LAME's frame holds it, at every MPEG-2 bitrate")
    func infoTagRule() throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        for bitrate in [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160] {
            let path = dir + "/\(bitrate).mp3"
            let writer = try MP3Writer(path: path, sampleRate: Self.sampleRate, bitrate: bitrate, tags: Self.tags)
            try Signal(count: Self.sampleRate / 2, click: 100).write(to: writer)
            _ = try writer.finish()
            let firstFrame = try MP3Bytes(path: path).firstFrame
            #expect(writer.hasInfoTag == (bitrate >= 56), "\(bitrate) kbps")
            #expect(firstFrame.contains("Info") == writer.hasInfoTag, "\(bitrate) kbps")
            #expect(writer.leadingSamples == (writer.hasInfoTag ? 0 : 1105), "\(bitrate) kbps")
        }
    }

    @Test("MP3 tags carry text beyond Latin-1")
    func mp3UnicodeTags() throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        let path = dir + "/unicode.mp3"
        let tags = AudioTags(title: "Café — 第一章", album: "Ἰλιάς", artist: "Zoë Ünal", track: 1, trackCount: 1)
        let writer = try MP3Writer(path: path, sampleRate: Self.sampleRate, tags: tags)
        try Signal(count: Self.sampleRate, click: 100).write(to: writer)
        _ = try writer.finish()
        let probe = try Probe(path: path)
        #expect(probe.tags["title"] == "Café — 第一章")
        #expect(probe.tags["album"] == "Ἰλιάς")
        #expect(probe.tags["artist"] == "Zoë Ünal")
    }

    @Test("WAV, FLAC and Ogg read back with their length, tags and click time", arguments: [AudioFormat.wav, .flac, .ogg])
    func soundFile(format: AudioFormat) throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        let path = dir + "/chapter.\(format.fileExtension)"
        let signal = Signal(count: 4 * Self.sampleRate + 123, click: 40_000)
        let writer = try makeAudioWriter(format: format, path: path, sampleRate: Self.sampleRate, bitrate: 64, tags: Self.tags)
        try signal.write(to: writer)
        let duration = try writer.finish()

        #expect(duration == signal.count)
        #expect(writer.leadingSamples == 0)
        let probe = try Probe(path: path)
        #expect(probe.tags["title"] == "Chapter One")
        #expect(probe.tags["artist"] == "Ann Author")
        #expect(probe.tags["album"] == "The Book")
        #expect(probe.tags["track"] == "3/12", "\(probe.tags)")
        #expect(abs(probe.duration - Double(signal.count) / Double(Self.sampleRate)) < 0.001)
        let decoded = try Tools.decode(path)
        if format == .ogg {
            // ffmpeg 5.1 does not trim Vorbis end padding (sox-made files too): up to one block more.
            #expect((signal.count...signal.count + 2048).contains(decoded.count))
            #expect(abs(decoded.peakIndex - signal.click) <= Self.sampleRate / 1000)
            // libogg (under sox) checks every page's CRC after the serial rewrite.
            let soxed = try CommandRun.checked("/usr/bin/sox", [path, "-t", "raw", "-e", "signed", "-b", "16", "-"])
            #expect(soxed.count == 2 * signal.count)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes[14..<18].elementsEqual([0x57, 0x4C, 0x4F, 0x46]), "fixed serial number")
        } else {
            #expect(decoded.count == signal.count)
            #expect(abs(decoded.peakIndex - signal.click) <= 1)
        }
    }

    @Test("the same samples and tags give byte-identical files", arguments: AudioFormat.allCases)
    func deterministic(format: AudioFormat) throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        var outputs: [Data] = []
        for name in ["a", "b"] {
            let path = dir + "/\(name).\(format.fileExtension)"
            let writer = try makeAudioWriter(format: format, path: path, sampleRate: Self.sampleRate, bitrate: MP3Writer.defaultBitrate, tags: Self.tags)
            try Signal(count: 2 * Self.sampleRate, click: 5000).write(to: writer)
            _ = try writer.finish()
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            // Let libsndfile's time-seeded Ogg serial move on between the runs.
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].count > 500)
    }

    @Test("a file that cannot be created is a one-line error naming it", arguments: AudioFormat.allCases)
    func cannotCreate(format: AudioFormat) throws {
        let path = "/nonexistent-dir/chapter.\(format.fileExtension)"
        let error = #expect(throws: RenderError.self) {
            _ = try makeAudioWriter(format: format, path: path, sampleRate: Self.sampleRate, bitrate: 64, tags: Self.tags)
        }
        #expect(error?.kind == .write)
        #expect(error?.file == path)
        #expect(error?.description.hasPrefix(path) == true)
        #expect(error?.description.contains("No such file or directory") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("a full disk is reported, not lost", arguments: AudioFormat.allCases)
    func diskFull(format: AudioFormat) throws {
        let error = #expect(throws: RenderError.self) {
            let writer = try makeAudioWriter(format: format, path: "/dev/full", sampleRate: Self.sampleRate, bitrate: 64, tags: Self.tags)
            try Signal(count: 10 * Self.sampleRate, click: 10).write(to: writer)
            _ = try writer.finish()
        }
        // The disk-full kind, which stops a render (one line, the rerun resumes), not any failed write.
        #expect(error?.kind == .diskFull)
        #expect(error?.description == "/dev/full: disk full (No space left on device)", "\(error?.description ?? "no error")")
    }

    @Test("an MP3 bitrate MPEG does not have is refused")
    func badBitrate() throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        let error = #expect(throws: RenderError.self) {
            _ = try MP3Writer(path: dir + "/x.mp3", sampleRate: Self.sampleRate, bitrate: 65, tags: Self.tags)
        }
        #expect(error?.kind == .audio)
        #expect(error?.reason == "MP3 has no 65 kbps at 22050 Hz (nearest is 64 kbps)")
    }

    @Test("a cover that is not an image is refused")
    func badCover() throws {
        let dir = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(dir) }
        var tags = Self.tags
        tags.cover = Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)
        tags.coverMediaType = "image/svg+xml"
        let error = #expect(throws: RenderError.self) {
            _ = try MP3Writer(path: dir + "/x.mp3", sampleRate: Self.sampleRate, tags: tags)
        }
        #expect(error?.kind == .audio)
        #expect(error?.reason == "cover image is not JPEG, PNG or GIF (declared image/svg+xml)")
    }

    @Test("encoder versions are reported")
    func versions() {
        #expect(AudioEncoders.lameVersion.hasPrefix("3."))
        #expect(AudioEncoders.sndfileVersion.hasPrefix("libsndfile-1."))
    }
}

/// Silence with a one-sample-pair click, written in sentence-sized pieces.
private struct Signal {
    let count: Int
    let click: Int

    func write(to writer: any AudioWriter) throws(RenderError) {
        var start = 0
        var piece = 0
        while start < count {
            let length = min(count - start, 3000 + 1777 * (piece % 5))
            var samples = [Int16](repeating: 0, count: length)
            for index in [click, click + 1] where (start..<start + length).contains(index) {
                samples[index - start] = index == click ? 20000 : -20000
            }
            try writer.write(samples)
            start += length
            piece += 1
        }
    }
}

/// Decoded mono 16-bit samples.
private struct Decoded {
    let samples: [Int16]
    var count: Int { samples.count }
    var peakIndex: Int {
        samples.indices.max { abs(Int(samples[$0])) < abs(Int(samples[$1])) } ?? -1
    }
}

/// What ffprobe reports about a file.
private struct Probe {
    let tags: [String: String]
    let duration: Double
    let hasAttachedPicture: Bool

    init(path: String) throws {
        let output = try CommandRun.checked("/usr/bin/ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let format = try #require(json["format"] as? [String: Any])
        let streams = json["streams"] as? [[String: Any]] ?? []
        var tags: [String: String] = [:]
        for source in [format["tags"]] + streams.map({ $0["tags"] }) {
            for (key, value) in source as? [String: String] ?? [:] { tags[key.lowercased()] = value }
        }
        self.tags = tags
        let durationText = try #require(format["duration"] as? String)
        duration = try #require(Double(durationText))
        hasAttachedPicture = streams.contains { ($0["disposition"] as? [String: Int])?["attached_pic"] == 1 }
    }
}

/// The raw bytes of an MP3 file, past its ID3v2 tag.
private struct MP3Bytes {
    let firstFrame: String

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var start = 0
        if bytes.starts(with: Array("ID3".utf8)) {
            start = 10 + bytes[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        }
        #expect(bytes[start] == 0xFF && bytes[start + 1] & 0xE0 == 0xE0, "an MPEG frame follows the ID3v2 tag")
        firstFrame = String(decoding: bytes[start..<min(bytes.count, start + 400)].map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
    }
}

private enum Tools {
    /// Decodes as a player would, with ffmpeg, to mono 16-bit at 22050 Hz.
    static func decode(_ path: String) throws -> Decoded {
        let data = try CommandRun.checked("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-f", "s16le", "-ac", "1", "-ar", "22050", "-"])
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return Decoded(samples: samples.map { Int16(littleEndian: $0) })
    }

    /// A small real JPEG made by ffmpeg, as an EPUB cover would be.
    static func jpegCover(in dir: String, source: String = "color=c=red:s=64x96") throws -> Data {
        let path = dir + "/cover.jpg"
        _ = try CommandRun.checked("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "1", "-q:v", "1", "-y", path])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
