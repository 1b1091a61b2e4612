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
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        let folder = try TestPaths.temporaryFolder()
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "2-3", "--out", folder, "--quiet",
                                      "--audiobook", folder + "/book.m4b"])
        try #require(run.status == 0, "\(run.stderr)")
        let render = try RenderedFolder.load(folder, run: run)
        let info = try Self.boxes(folder + "/book.m4b")
        let fields = try #require((info["iTunSMPB"] as? String)?.split(separator: " ").map(String.init))
        try #require(fields.count == 12, "\(fields)")
        let delay = try #require(Int(fields[1], radix: 16)), padding = try #require(Int(fields[2], radix: 16))
        let samples = try #require(Int(fields[3], radix: 16))
        #expect(fields[0] == "00000000" && fields[4...].allSatisfy { $0 == "00000000" })

        let rendered = try render.manifest.chapters.map { try DecodedAudio(path: render.file($0.audio)).samples.count }.reduce(0, +)
        #expect(samples == rendered, "iTunSMPB's length is the rendered chapters' decoded length")
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

    /// iTunSMPB (through mutagen), the sound track's edit list, the movie time scale,
    /// the number of AAC frames and the top-level box order.
    static func boxes(_ path: String) throws -> [String: Any] {
        let script = """
            import json, struct, sys
            from mutagen.mp4 import MP4
            data = open(sys.argv[1], 'rb').read()
            out = {'order': []}
            tag = MP4(sys.argv[1]).tags.get('----:com.apple.iTunes:iTunSMPB')
            out['iTunSMPB'] = bytes(tag[0]).decode() if tag else None
            def walk(start, end, depth, track):
                while start + 8 <= end:
                    size, kind = struct.unpack('>I4s', data[start:start + 8])
                    kind = kind.decode('latin1')
                    if depth == 0: out['order'].append(kind)
                    body = data[start + 8:start + size]
                    if kind == 'mvhd': out['movieScale'] = struct.unpack('>I', body[12:16])[0]
                    if kind == 'trak': track = {}
                    if kind == 'hdlr': track['sound'] = body[8:12] == b'soun'
                    if kind == 'elst': track['edit'] = struct.unpack('>II', body[8:16])
                    if kind == 'stsz': track['frames'] = struct.unpack('>I', body[8:12])[0]
                    if kind in ('moov', 'trak', 'mdia', 'minf', 'stbl', 'edts'): walk(start + 8, start + size, depth + 1, track)
                    if kind == 'trak' and track.get('sound'):
                        out['editLength'], out['editStart'] = track['edit']
                        out['frames'] = track['frames']
                    start += size
            walk(0, len(data), 0, {})
            print(json.dumps(out))
            """
        let run = try CommandRun.run("/usr/bin/python3", ["-c", script, path])
        guard run.status == 0, let result = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw DecodeError(message: "reading \(path)'s boxes failed: \(run.stderr)")
        }
        return result
    }
}
