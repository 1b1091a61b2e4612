import Foundation

/// What independent readers find in a single-file audiobook: ffprobe's
/// chapters and streams, and Python mutagen's view of the MP4 `chpl` atom,
/// the ID3 CHAP/CTOC frames and the tags.
struct AudiobookProbe {
    struct Chapter: Equatable {
        var start: Double
        var title: String
    }

    var chapters: [Chapter]
    /// Stream codec types and tags, e.g. `["audio", "data"]` for an M4B with its chapter text track.
    var streamTypes: [String]
    var codecTags: [String]
    var tags: [String: String]

    init(path: String) throws {
        let run = try CommandRun.run("/usr/bin/ffprobe", ["-v", "error", "-show_chapters", "-show_streams", "-show_format",
                                                          "-of", "json", path])
        guard run.status == 0, let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw DecodeError(message: "ffprobe failed on \(path): \(run.stderr)")
        }
        chapters = (json["chapters"] as? [[String: Any]] ?? []).map { chapter in
            Chapter(start: Double(chapter["start_time"] as? String ?? "") ?? -1,
                    title: (chapter["tags"] as? [String: String])?["title"] ?? "")
        }
        let streams = json["streams"] as? [[String: Any]] ?? []
        streamTypes = streams.map { $0["codec_type"] as? String ?? "" }
        codecTags = streams.map { $0["codec_tag_string"] as? String ?? "" }
        let format = json["format"] as? [String: Any]
        tags = Dictionary(((format?["tags"] as? [String: String]) ?? [:]).map { ($0.key.lowercased(), $0.value) }) { a, _ in a }
    }

    /// mutagen's reading (`Tests/Checkers/mutagen-probe.py`): `chapters` ([start, title]) from MP4 `chpl`
    /// or ID3 CHAP frames in CTOC order (nested CTOCs followed), the CTOC tree as `[id: children]`, and the tag keys.
    static func mutagen(_ path: String) throws -> [String: Any] {
        let run = try CommandRun.run("/usr/bin/python3", [TestPaths.checker("mutagen-probe.py"), path])
        guard run.status == 0, let result = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw DecodeError(message: "mutagen failed on \(path): \(run.stderr)")
        }
        return result
    }
}
