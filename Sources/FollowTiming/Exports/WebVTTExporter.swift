/// A chapter's timing as WebVTT: one cue per sentence, with a timestamp tag
/// (`<00:00:01.250>`) before each word after the first, so that players that
/// support karaoke-style cue timestamps can highlight word by word. Times are
/// in the sidecar's audio file (the single file for a version 2 sidecar).
public enum WebVTTExporter {
    /// The WebVTT file of one chapter, as text.
    public static func document(_ timing: ChapterTiming) -> String {
        let units = Array(timing.text.utf16)
        var output = "WEBVTT\n"
        for (index, sentence) in timing.sentences.enumerated() {
            output += "\ns\(index + 1)\n"
            output += "\(CueTime.webVTT(timing.fileTime(sentence.begin))) --> \(CueTime.webVTT(timing.fileTime(sentence.end)))\n"
            output += cueText(sentence, in: timing, units: units) + "\n"
        }
        return output
    }

    /// The sentence text, escaped, on one line, with a timestamp before every
    /// word that begins after the cue does.
    private static func cueText(_ sentence: TimedSentence, in timing: ChapterTiming, units: [UInt16]) -> String {
        var text = "", cursor = sentence.range.location
        let slice = { (from: Int, to: Int) in XMLEscaping.escaped(SyncText.line(units, from, to), quotes: false) }
        for word in sentence.words {
            text += slice(cursor, word.range.location)
            if word.begin.milliseconds > sentence.begin.milliseconds {
                text += "<\(CueTime.webVTT(timing.fileTime(word.begin)))>"
            }
            text += slice(word.range.location, word.range.end)
            cursor = word.range.end
        }
        return text + slice(cursor, sentence.range.end)
    }
}
