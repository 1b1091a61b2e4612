/// A fingerprint of everything that shapes a chapter's files: its narration
/// text and languages, title, voice, rate, format, bitrate, audio tags, the
/// engine versions and what is spoken differently from the text (lexicons,
/// SSML phonemes, Japanese readings and the analyser's version: `pronunciation`,
/// from `Pronouncer.fingerprint(of:)`). Equal keys mean a rerun may keep the files it has.
///
/// FNV-1a (64 bit): stable across runs and platforms, which Swift's `Hasher`
/// is not; this is change detection, not security.
public enum ChapterCacheKey {
    public static func make(chapter: Chapter, settings: RenderSettings, voice: String, track: Int, trackCount: Int,
                            metadata: BookMetadata, engineVersion: String,
                            pronunciation: String = "") -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xFF
            hash = hash &* 0x0000_0100_0000_01b3
        }
        add(FollowRenderVersion.current)
        add(engineVersion)
        add(AudioEncoders.lameVersion)
        add(AudioEncoders.sndfileVersion)
        add(chapter.text.text)
        for run in chapter.text.languages { add("\(run.range.location),\(run.range.length),\(run.language)") }
        for paragraph in chapter.text.paragraphs { add("\(paragraph.range.location),\(paragraph.kind.rawValue)") }
        for sentence in chapter.sentences { add("\(sentence.range.location),\(sentence.range.length),\(sentence.words.count)") }
        add(chapter.title)
        add(voice)
        add(settings.voice ?? "")
        add("\(settings.wpm) \(settings.speed) \(settings.format.rawValue) \(settings.bitrate)")
        add("\(track)/\(trackCount)")
        let plan = SegmentPlan(chapter: chapter)
        if settings.format == .mp3, plan.isSplit { add("segments \(plan.segments.map(\.lowerBound))") }
        add(metadata.title)
        add(metadata.creators.joined(separator: "\u{1F}"))
        add(metadata.coverPath ?? "")
        if !pronunciation.isEmpty { add(pronunciation) }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
