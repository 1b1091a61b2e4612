import Foundation

/// A fingerprint of everything that shapes a chapter's files: its scripts
/// (the text each synthesis call is given, with its voice and words, the
/// pauses, the tags and cover, the audio format and bitrate, the slices;
/// see `ChapterScript`), this program's version and the engine and encoder
/// versions. A script gives the same bytes in any worker, so equal keys mean
/// a rerun may keep the files it has. Left out: the output folder (a folder
/// moved elsewhere still resumes) and the single file's part, which has a key
/// of its own (`SingleFileParts`), so adding `--audiobook` to a render keeps
/// the chapters' own files.
///
/// FNV-1a (64 bit) over the scripts' JSON (`ScriptJSON`), and the cover's bytes once.
public enum ChapterCacheKey {
    /// The key of a chapter spoken by `scripts` (one, or one per slice, in order).
    public static func make(scripts: [ChapterScript], engineVersion: String) throws -> String {
        var hash = FNV1a()
        hash.add(FollowRenderVersion.current)
        hash.add(engineVersion)
        hash.add(AudioEncoders.lameVersion)
        hash.add(AudioEncoders.sndfileVersion)
        for var script in scripts {
            script.outputs.folder = ""
            script.outputs.part = nil
            script.outputs.singleFile = nil
            if let cover = script.outputs.audio?.tags.cover {
                hash.add(cover)
                script.outputs.audio?.tags.cover = nil
            }
            hash.add(try ScriptJSON.encode(script))
        }
        return hash.hex
    }
}
