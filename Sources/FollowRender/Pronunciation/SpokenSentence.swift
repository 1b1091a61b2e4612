/// A sentence as eSpeak NG is given it, with an exact map back to the text a
/// reader sees: `Dr.` shown, `Doctor` spoken; `30°` shown, `[[T'3:ti dI'gri:z]]`
/// spoken; `日本語を話す` shown, `ニホンゴヲ ハナス` spoken.
///
/// The spoken text is the shown sentence with some stretches replaced
/// (`Segment`s); everything else is copied unit for unit (line breaks become
/// spaces). Each shown word owns a stretch of the spoken text, so eSpeak's word
/// events on the spoken form time the shown words.
public struct SpokenSentence: Hashable, Sendable {
    /// A stretch of the sentence: copied as shown, or replaced.
    public struct Segment: Hashable, Sendable {
        /// UTF-16 range in the chapter's narration text.
        public var shown: Range<Int>
        /// UTF-16 range in `text`.
        public var spoken: Range<Int>
        /// Copied unit for unit (otherwise replaced by an alias, phonemes or a reading).
        public var isCopy: Bool
    }

    /// The shown sentence's range in the chapter text.
    public var range: TextRange
    /// Exactly what eSpeak NG is given (pieces of it when the sentence switches voice).
    public var text: String
    /// The sentence's shown words (chapter offsets), as the segmenter found them.
    public var shownWords: [TextRange]
    /// For each shown word, its stretch of `text` (UTF-16), in order and
    /// without overlap; words sharing one replacement split it.
    public var words: [TextRange]
    /// The sentence's segments in order; together they cover `range`.
    public var segments: [Segment]

    /// Whether `text` holds eSpeak phoneme input (`[[…]]`), which needs eSpeak's phoneme mode.
    public var hasPhonemes: Bool { isReplaced && text.contains("[[") }

    /// Whether anything is spoken differently from how it is shown.
    public var isReplaced: Bool { segments.contains { !$0.isCopy } }

    /// The part of the spoken text for the shown stretch `shown` (a voice piece
    /// of the sentence), and the spoken stretches of `pieceWords` (the shown
    /// words inside it) relative to that part.
    public func piece(_ shown: TextRange, words pieceWords: [TextRange]) -> (text: String, words: [TextRange]) {
        let units = Array(text.utf16)
        let start = boundary(shown.location)
        let end = max(start, boundary(shown.end))
        let relative = pieceWords.map { word -> TextRange in
            let spoken = spokenWord(word)
            let lower = min(max(spoken.location, start), end)
            let upper = min(max(spoken.end, lower), end)
            return TextRange(location: lower - start, length: upper - lower)
        }
        return (String(utf16Units: units[start..<end]), relative)
    }

    /// The spoken stretch of a shown word of the sentence.
    public func spokenWord(_ word: TextRange) -> TextRange {
        var low = 0
        var high = shownWords.count
        while low < high {
            let middle = (low + high) / 2
            if shownWords[middle].location < word.location { low = middle + 1 } else { high = middle }
        }
        guard low < shownWords.count, shownWords[low].location == word.location else {
            return TextRange(location: boundary(word.location), length: 0)
        }
        return words[low]
    }

    /// Where a piece starting or ending at shown offset `offset` starts or ends
    /// in the spoken text: inside a replacement, the replacement goes to the
    /// piece that holds its start.
    func boundary(_ offset: Int) -> Int {
        if offset >= range.end { return text.utf16.count }
        guard let segment = segments.first(where: { $0.shown.contains(offset) }) else { return 0 }
        if segment.isCopy { return segment.spoken.lowerBound + offset - segment.shown.lowerBound }
        return segment.spoken.lowerBound
    }
}
