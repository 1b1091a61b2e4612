/// A chapter's timing as SubRip (`.srt`): one numbered subtitle per sentence.
public enum SRTExporter {
    public static func document(_ timing: ChapterTiming) -> String {
        let units = Array(timing.text.utf16)
        var blocks: [String] = []
        for (index, sentence) in timing.sentences.enumerated() {
            blocks.append("\(index + 1)\n\(CueTime.srt(sentence.begin)) --> \(CueTime.srt(sentence.end))\n"
                + SyncText.line(units, sentence.range.location, sentence.range.end) + "\n")
        }
        return blocks.joined(separator: "\n")
    }
}
