/// One chapter's sidecar indexed for lookups in both directions, each a
/// binary search over arrays sorted by time or by text offset.
///
/// Only sentences with words take part: a position is always a word.
public struct ChapterPositions: Sendable {
    /// Where a query fell relative to the word it was answered with.
    public enum Placement: String, Hashable, Sendable, Codable {
        /// Inside the word's time span, or inside its text range.
        case inside
        /// After the word and before the next one: a pause between words or
        /// sentences, the text between two words, or past the last word.
        case after
        /// Before the chapter's first word (the answer is that first word).
        case beforeFirst
    }

    /// A word found by a lookup.
    public struct Hit: Hashable, Sendable {
        /// Sentence index in `timing.sentences`.
        public var sentence: Int
        /// Word index within that sentence.
        public var word: Int
        public var placement: Placement
    }

    /// The sidecar indexed.
    public let timing: ChapterTiming
    /// The narration text as UTF-16 code units, for ranges and context.
    public let units: [UInt16]
    private let wordBegins: [Double]
    private let wordLocations: [Int]
    private let wordSentences: [Int]
    private let sentenceLocations: [Int]
    private let sentenceIndexes: [Int]
    private let wordInSentence: [Int]

    public init(_ timing: ChapterTiming) {
        self.timing = timing
        units = Array(timing.text.utf16)
        var begins: [Double] = [], locations: [Int] = [], sentences: [Int] = [], slots: [Int] = []
        for (sentenceIndex, sentence) in timing.sentences.enumerated() {
            for (wordIndex, word) in sentence.words.enumerated() {
                begins.append(word.begin.value)
                locations.append(word.range.location)
                sentences.append(sentenceIndex)
                slots.append(wordIndex)
            }
        }
        wordBegins = begins
        wordLocations = locations
        wordSentences = sentences
        let spoken = timing.sentences.indices.filter { !timing.sentences[$0].words.isEmpty }
        sentenceIndexes = spoken
        sentenceLocations = spoken.map { timing.sentences[$0].range.location }
        wordInSentence = slots
    }

    /// Number of timed words.
    public var wordCount: Int { wordSentences.count }

    /// The word being spoken at `time` seconds: the last word that begins at or
    /// before it. In a pause that is the word before the pause; inside a
    /// sentence's clip but before its first word (an opening quote being
    /// read), that first word; before the first word, the first word; after
    /// the last, the last. Nil when no word is timed.
    public func word(at time: Double) -> Hit? {
        guard !wordSentences.isEmpty else { return nil }
        guard let index = SortedSearch.lastIndex(in: wordBegins, atMost: time) else {
            return hit(0, .beforeFirst)
        }
        if index + 1 < wordSentences.count {
            let next = hit(index + 1, .inside)
            if next.sentence != wordSentences[index], time >= sentence(next).begin.value { return next }
        }
        let word = self.word(hit(index, .inside))
        return hit(index, time < word.end.value ? .inside : .after)
    }

    /// The word containing the UTF-16 `offset`, or the last word before it.
    /// Before the first word, the first word. Nil when no word is timed.
    public func word(atOffset offset: Int) -> Hit? {
        guard !wordSentences.isEmpty else { return nil }
        guard let index = SortedSearch.lastIndex(in: wordLocations, atMost: offset) else {
            return hit(0, .beforeFirst)
        }
        let word = self.word(hit(index, .inside))
        return hit(index, word.range.contains(offset) ? .inside : .after)
    }

    /// The first word of the sentence containing the UTF-16 `offset`, or of the
    /// last sentence before it; before the first sentence, the first one.
    /// Sentences without words are skipped. Nil when no word is timed.
    public func sentenceStart(atOffset offset: Int) -> Hit? {
        guard !sentenceIndexes.isEmpty else { return nil }
        guard let index = SortedSearch.lastIndex(in: sentenceLocations, atMost: offset) else {
            return Hit(sentence: sentenceIndexes[0], word: 0, placement: .beforeFirst)
        }
        let sentence = sentenceIndexes[index]
        return Hit(sentence: sentence, word: 0, placement: timing.sentences[sentence].range.contains(offset) ? .inside : .after)
    }

    /// The sidecar entries a hit points at.
    public func sentence(_ hit: Hit) -> TimedSentence { timing.sentences[hit.sentence] }
    public func word(_ hit: Hit) -> TimedWord { timing.sentences[hit.sentence].words[hit.word] }

    /// The hit moved to the first word of its sentence.
    public func sentenceStart(_ hit: Hit) -> Hit { Hit(sentence: hit.sentence, word: 0, placement: hit.placement) }

    /// The text in `range`, as a string.
    public func text(_ range: Range<Int>) -> String {
        units.text(range.lowerBound, range.upperBound)
    }

    /// Up to `length` units ending at `offset`, not starting inside a surrogate pair.
    public func context(before offset: Int, length: Int) -> Range<Int> {
        var start = max(0, offset - length)
        if start < offset, UTF16.isTrailSurrogate(units[start]) { start += 1 }
        return start..<offset
    }

    /// Up to `length` units starting at `offset`, not ending inside a surrogate pair.
    public func context(after offset: Int, length: Int) -> Range<Int> {
        var end = min(units.count, offset + length)
        if end > offset, end < units.count, UTF16.isLeadSurrogate(units[end - 1]) { end -= 1 }
        return offset..<end
    }

    private func hit(_ flatIndex: Int, _ placement: Placement) -> Hit {
        Hit(sentence: wordSentences[flatIndex], word: wordInSentence[flatIndex], placement: placement)
    }
}
