/// A chapter's timing as SubRip (`.srt`): one numbered subtitle per sentence,
/// timed in the sidecar's audio file (the single file for a version 2 sidecar).
public enum SRTExporter {
    /// The SubRip file of one chapter, as text.
    public static func document(_ timing: ChapterTiming) -> String {
        let units = Array(timing.text.utf16)
        var blocks: [String] = []
        for (index, sentence) in timing.sentences.enumerated() {
            blocks.append("\(index + 1)\n\(CueTime.srt(timing.fileTime(sentence.begin))) --> \(CueTime.srt(timing.fileTime(sentence.end)))\n"
                + SyncText.line(units, sentence.range.location, sentence.range.end) + "\n")
        }
        return blocks.joined(separator: "\n")
    }
}
