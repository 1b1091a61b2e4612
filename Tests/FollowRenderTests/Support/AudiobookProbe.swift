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

    /// mutagen's reading: `chapters` ([start, title]) from MP4 `chpl` or ID3 CHAP frames in CTOC order
    /// (nested CTOCs followed), the CTOC tree as `[id: children]`, and the tag keys.
    static func mutagen(_ path: String) throws -> [String: Any] {
        let script = """
            import json, sys
            path = sys.argv[1]
            out = {}
            if path.endswith(('.m4b', '.m4a')):
                from mutagen.mp4 import MP4
                f = MP4(path)
                out['chapters'] = [[c.start, c.title] for c in (f.chapters or [])]
                out['keys'] = sorted(f.tags.keys())
                out['stik'] = f.tags.get('stik', [0])[0]
                out['cover'] = len(f.tags.get('covr', [b''])[0])
            else:
                from mutagen.id3 import ID3
                f = ID3(path)
                chaps = {c.element_id: c for c in f.getall('CHAP')}
                tocs = {t.element_id: t for t in f.getall('CTOC')}
                out['tocs'] = {k: list(t.child_element_ids) for k, t in tocs.items()}
                top = [t for t in tocs.values() if t.flags & 2]  # CTOC top-level flag
                def walk(ids):
                    for i in ids:
                        if i in tocs: yield from walk(tocs[i].child_element_ids)
                        elif i in chaps: yield chaps[i]
                order = list(walk(top[0].child_element_ids)) if top else []
                out['chapters'] = [[c.start_time / 1000, str(c.sub_frames.get('TIT2', ''))] for c in order]
                out['keys'] = sorted({k.split(':')[0] for k in f.keys()})
                out['cover'] = sum(len(p.data) for p in f.getall('APIC'))
                out['version'] = list(f.version)
            print(json.dumps(out))
            """
        let run = try CommandRun.run("/usr/bin/python3", ["-c", script, path])
        guard run.status == 0, let result = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw DecodeError(message: "mutagen failed on \(path): \(run.stderr)")
        }
        return result
    }
}
