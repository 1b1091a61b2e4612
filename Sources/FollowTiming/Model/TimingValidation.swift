/// Checks what a reader of our own JSON (`NNN-slug.timing.json`, `book.json`)
/// decoded before anything uses it: ranges inside the text and in order, times
/// finite, in order and within the audio, indexes and file names sane. A
/// damaged or hostile file is refused with its first bad member, never left to
/// trap in a lookup (`locate`, `diff`, the sync exports, the overlay EPUB).
public enum TimingValidation {
    /// The longest audio a chapter or book may claim: 10,000 hours.
    package static let maximumSeconds = 36_000_000.0
    /// Slack for times rounded to the millisecond.
    package static let slack = 0.0015

    /// The first bad member of `timing` and what is wrong with it, e.g.
    /// `sentences[3].words[1].range: ends at 912, past the text (900 units)`;
    /// nil when the sidecar is sound.
    public static func problem(in timing: ChapterTiming) -> String? {
        if let problem = index(timing.chapter.index, at: "chapter.index") { return problem }
        if let start = timing.audio.start {
            if let problem = relativePath(timing.audio.file, at: "audio.file") ?? time(start, at: "audio.start") { return problem }
        } else if let problem = fileName(timing.audio.file, at: "audio.file", timing: false) {
            return problem
        }
        guard (1...1_000_000).contains(timing.audio.sampleRate) else {
            return "audio.sampleRate: \(timing.audio.sampleRate) is not a sample rate"
        }
        if let problem = time(timing.audio.duration, at: "audio.duration") { return problem }
        let units = timing.text.utf16.count
        let duration = timing.audio.duration.value
        var previous = (end: 0, time: 0.0)
        for (number, sentence) in timing.sentences.enumerated() {
            let name = "sentences[\(number)]"
            if let problem = range(sentence.range, at: name + ".range", within: 0..<units, after: previous.end, units: units)
                ?? span(sentence.begin, sentence.end, at: name, within: previous.time, duration) {
                return problem
            }
            var word = (end: sentence.range.location, time: sentence.begin.value)
            for (wordNumber, timed) in sentence.words.enumerated() {
                let wordName = name + ".words[\(wordNumber)]"
                let inside = sentence.range.location..<sentence.range.end
                if let problem = range(timed.range, at: wordName + ".range", within: inside, after: word.end, units: units)
                    ?? span(timed.begin, timed.end, at: wordName, within: word.time, sentence.end.value) {
                    return problem
                }
                word = (timed.range.end, timed.end.value)
            }
            previous = (sentence.range.end, sentence.end.value)
        }
        return nil
    }

    /// The first bad member of `manifest`, or nil when it is sound.
    public static func problem(in manifest: BookManifest) -> String? {
        if let problem = time(manifest.duration, at: "duration") { return problem }
        var last = 0
        for (number, chapter) in manifest.chapters.enumerated() {
            let name = "chapters[\(number)]"
            if let problem = index(chapter.index, at: name + ".index")
                ?? chapter.audio.flatMap({ fileName($0, at: name + ".audio", timing: false) })
                ?? fileName(chapter.timing, at: name + ".timing", timing: true)
                ?? time(chapter.duration, at: name + ".duration") {
                return problem
            }
            guard chapter.index > last else { return "\(name).index: \(chapter.index) is not after chapter \(last)" }
            last = chapter.index
        }
        for (number, skipped) in manifest.skipped.enumerated() {
            if let problem = index(skipped.index, at: "skipped[\(number)].index") { return problem }
        }
        if let pauses = manifest.pauses {
            for name in PauseSettings.names where !(pauses[name].isFinite && (0...PauseSettings.maximum).contains(pauses[name])) {
                return "pauses.\(name): \(pauses[name]) is not a pause from 0 to \(Int(PauseSettings.maximum)) seconds"
            }
        }
        return nil
    }

    private static func index(_ value: Int, at name: String) -> String? {
        (1...1_000_000).contains(value) ? nil : "\(name): \(value) is not a spine position"
    }

    /// A file beside the manifest, in the shape follow-render writes
    /// (`OutputNaming.isChapterFile`): never a path out of the folder, nor a
    /// string the web player could take for a URL with a scheme.
    private static func fileName(_ value: String, at name: String, timing: Bool) -> String? {
        OutputNaming.isChapterFile(value, timing: timing) ? nil
            : "\(name): \(TerminalText.quoted(value)) is not a file name in the rendered folder"
    }

    /// The single file a version 2 sidecar names: a relative path (it may climb out of the folder), no control characters.
    private static func relativePath(_ value: String, at name: String) -> String? {
        let plain = !value.isEmpty && !value.hasPrefix("/") && !value.contains("\\")
            && !value.unicodeScalars.contains { $0.value < 0x20 }
        return plain ? nil : "\(name): \(TerminalText.quoted(value)) is not a relative path to the single file"
    }

    private static func time(_ value: Seconds, at name: String) -> String? {
        guard value.value.isFinite, value.value >= 0, value.value <= maximumSeconds else {
            return "\(name): \(value.value) is not a time in the audio"
        }
        return nil
    }

    /// A range inside `bounds`, not before `after` (ranges are ordered and do not overlap).
    private static func range(_ value: TextRange, at name: String, within bounds: Range<Int>, after: Int, units: Int) -> String? {
        guard value.location >= 0, value.length >= 0 else {
            return "\(name): [\(value.location), \(value.length)] is negative"
        }
        guard value.location <= units, value.length <= units - value.location else {
            return "\(name): [\(value.location), \(value.length)] ends past the text (\(units) units)"
        }
        guard value.location >= bounds.lowerBound, value.end <= bounds.upperBound else {
            return "\(name): [\(value.location), \(value.length)] lies outside its sentence"
        }
        guard value.location >= after else {
            return "\(name): [\(value.location), \(value.length)] overlaps or precedes the one before (which ends at \(after))"
        }
        return nil
    }

    /// `begin...end` ordered, not before `earliest`, not after `latest`.
    private static func span(_ begin: Seconds, _ end: Seconds, at name: String, within earliest: Double, _ latest: Double) -> String? {
        if let problem = time(begin, at: name + ".begin") ?? time(end, at: name + ".end") { return problem }
        guard begin.value <= end.value else { return "\(name): begins at \(begin.value) s, after its end \(end.value) s" }
        guard begin.value >= earliest - slack else {
            return "\(name).begin: \(begin.value) s is before the end of what comes before it (\(earliest) s)"
        }
        guard end.value <= latest + slack else { return "\(name).end: \(end.value) s is past the end (\(latest) s)" }
        return nil
    }
}
