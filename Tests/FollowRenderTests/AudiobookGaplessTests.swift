import Foundation
import Testing
@testable import FollowRender

/// The M4B's gapless declaration: the iTunes `iTunSMPB` tag, read by mutagen,
/// against the MP4 edit list and sample table (read by a small independent
/// Python box walker) and against the audio ffmpeg decodes.
@Suite("Gapless M4B tags")
struct AudiobookGaplessTests {
    @Test("the M4B's iTunSMPB gives the same delay, length and padding as its edit list, its frames and its decoded audio, and the index stays in front")
    func iTunSMPBMatchesEditList() throws {
        // Three short preface chapters (Alice's 2-3 until issue 25's third round).
        let book = TestPaths.book("accessible_epub_3.epub")
        let folder = try TestPaths.temporaryFolder()
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "6-8", "--out", folder, "--quiet",
                                      "--audiobook", folder + "/book.m4b"])
        try #require(run.status == 0, "\(run.stderr)")
        let render = try RenderedFolder.load(folder, run: run)
        let info = try Self.boxes(folder + "/book.m4b")
        let fields = try #require((info["iTunSMPB"] as? String)?.split(separator: " ").map(String.init))
        try #require(fields.count == 12, "\(fields)")
        let delay = try #require(Int(fields[1], radix: 16)), padding = try #require(Int(fields[2], radix: 16))
        let samples = try #require(Int(fields[3], radix: 16))
        #expect(fields[0] == "00000000" && fields[4...].allSatisfy { $0 == "00000000" })

        let lengths = try DecodedAudio.all(render.manifest.chapters.map { render.file($0.audioFile) }).map(\.samples.count)
        let entry = try #require(render.manifest.audiobook)
        #expect(samples == Int((entry.duration.value * 22050).rounded()) || abs(Double(samples) / 22050 - entry.duration.value) <= 0.0005,
                "iTunSMPB's length is the single file's length in book.json")
        SingleFileSpans.check(entry, lengths: lengths.map { Double($0) / 22050 }, format: "m4b")
        #expect(delay == info["editStart"] as? Int, "iTunSMPB's delay is where the edit list starts")
        let movieScale = try #require(info["movieScale"] as? Int), editLength = try #require(info["editLength"] as? Int)
        #expect(abs(Double(editLength) / Double(movieScale) - Double(samples) / 22050) <= 1 / Double(movieScale),
                "the edit list plays iTunSMPB's length")
        #expect(delay + samples + padding == (info["frames"] as? Int ?? 0) * 1024, "delay, length and padding fill the AAC frames")
        #expect((0..<1024).contains(padding))
        let decoded = try DecodedAudio(path: folder + "/book.m4b").samples.count
        #expect(decoded == samples || decoded == samples + padding, "ffmpeg decodes \(decoded) samples for \(samples) + \(padding)")
        #expect(info["order"] as? [String] == ["ftyp", "moov", "free", "mdat"], "the index (moov) is in front: \(info["order"] ?? "")")
    }

    @Test("the M4B stores every AAC frame as its own sample although the muxer was given them in groups: the chunks' frames tile the media data and ffmpeg decodes each frame without an error")
    func everyFrameIsOneSample() throws {
        // A chapter of 5,460 characters, some 1,700 AAC frames in groups of 64 (Alice's chapter 3, 8,964, until issue 25's third round).
        let book = TestPaths.book("accessible_epub_3.epub")
        let folder = try TestPaths.temporaryFolder()
        let path = folder + "/book.m4b"
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "10", "--out", folder, "--quiet", "--audiobook", path])
        try #require(run.status == 0, "\(run.stderr)")
        let table = try Self.boxes(path)
        let frames = try #require(table["frames"] as? Int)
        #expect(table["placed"] as? Int == frames, "stsc places every frame in a chunk")
        #expect(table["tiled"] as? Bool == true, "the tracks' chunks cover the media data exactly, without gaps or overlaps")
        #expect((table["largest"] as? Int ?? .max) <= 768, "no sample is larger than one mono AAC frame can be")
        let decode = try CommandRun.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries",
                                                             "frame=nb_samples", "-of", "csv=p=0", path])
        #expect(decode.status == 0 && decode.stderr.isEmpty, "\(decode.stderr)")
        let decoded = decode.stdout.split(separator: "\n").compactMap { Int($0) }
        // The first frame is the encoder's 1,024 samples of priming, which the edit list skips whole.
        #expect(decoded.count == frames - 1, "one decoded frame per stored sample after the priming frame")
        #expect(decoded.dropLast().allSatisfy { $0 == 1024 }, "every frame but the last decodes to 1,024 samples")
    }

    /// iTunSMPB (through mutagen), the sound track's edit list, the movie time scale,
    /// the top-level box order, and the sound track's sample table: its number of
    /// AAC frames (`stsz` entries), the largest, how many `stsc` places in chunks,
    /// and whether all tracks' chunks tile the media data (`mdat`) without gaps or overlaps.
    static func boxes(_ path: String) throws -> [String: Any] {
        let run = try CommandRun.run("/usr/bin/python3", [TestPaths.checker("mp4-boxes.py"), path])
        guard run.status == 0, let result = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw DecodeError(message: "reading \(path)'s boxes failed: \(run.stderr)")
        }
        return result
    }
}
