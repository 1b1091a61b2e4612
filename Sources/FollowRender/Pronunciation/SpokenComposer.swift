/// Puts a sentence's spoken form together from its shown text and the
/// replacements chosen for it, keeping the map between the two.
enum SpokenComposer {
    private static let space: UInt16 = 0x20

    /// The spoken form of the sentence `range` with `words`, where `units` is
    /// the chapter text and `replacements` are ordered and do not overlap.
    static func compose(range: TextRange, words: [TextRange], units: [UInt16],
                        replacements: [Replacement]) -> SpokenSentence {
        var output: [UInt16] = []
        var segments: [SpokenSentence.Segment] = []
        var cursor = range.location
        var needsSpace = false
        func copy(upTo end: Int) {
            guard cursor < end else { return }
            if needsSpace, !CodeUnit.isWhitespace(units[cursor]) { output.append(space) }
            needsSpace = false
            let start = output.count
            // Line breaks become spaces, and text that happens to hold `[[`, `]]` or
            // a control character cannot switch eSpeak's phoneme input or embed a command.
            SpeechText.append(units[cursor..<end], to: &output)
            segments.append(.init(shown: cursor..<end, spoken: start..<output.count, isCopy: true))
            cursor = end
        }
        for replacement in replacements {
            let shown = max(replacement.shown.lowerBound, cursor)..<min(replacement.shown.upperBound, range.end)
            guard !shown.isEmpty else { continue }
            copy(upTo: shown.lowerBound)
            if replacement.padded || needsSpace, let last = output.last, !CodeUnit.isWhitespace(last) { output.append(space) }
            let start = output.count
            if replacement.isPhonemes {
                output += SpeechText.phonemes(replacement.spoken).utf16
            } else {
                SpeechText.append(replacement.spoken.utf16, to: &output)
            }
            segments.append(.init(shown: shown, spoken: start..<output.count, isCopy: false))
            cursor = shown.upperBound
            needsSpace = replacement.padded
        }
        copy(upTo: range.end)
        return SpokenSentence(range: range, text: String(decoding: output, as: UTF16.self), shownWords: words,
                              words: spokenWords(words, segments: segments), segments: segments)
    }

    /// Each shown word's spoken stretch: copied words map unit for unit, a word
    /// inside a replacement gets the replacement (shared with the other words in
    /// it, which split it in proportion to their shown length).
    private static func spokenWords(_ words: [TextRange], segments: [SpokenSentence.Segment]) -> [TextRange] {
        var mapped: [Range<Int>] = []
        mapped.reserveCapacity(words.count)
        var index = 0
        for word in words {
            while index + 1 < segments.count, segments[index].shown.upperBound <= word.location { index += 1 }
            let first = segments[index]
            let lower = first.isCopy ? first.spoken.lowerBound + word.location - first.shown.lowerBound : first.spoken.lowerBound
            var last = index
            while last + 1 < segments.count, segments[last].shown.upperBound < word.end { last += 1 }
            let end = segments[last]
            let upper = end.isCopy ? end.spoken.lowerBound + min(word.end, end.shown.upperBound) - end.shown.lowerBound
                : end.spoken.upperBound
            mapped.append(lower..<max(lower, upper))
        }
        var result: [TextRange] = []
        result.reserveCapacity(words.count)
        var start = 0
        while start < mapped.count {
            var stop = start + 1
            var upper = mapped[start].upperBound
            while stop < mapped.count, mapped[stop].lowerBound < upper {
                upper = max(upper, mapped[stop].upperBound)
                stop += 1
            }
            result += split(mapped[start].lowerBound..<upper, among: words[start..<stop].map { max(1, $0.length) })
            start = stop
        }
        return result
    }

    /// `range` cut into consecutive pieces in proportion to `weights`.
    private static func split(_ range: Range<Int>, among weights: [Int]) -> [TextRange] {
        guard weights.count > 1 else { return [TextRange(location: range.lowerBound, length: range.count)] }
        let total = weights.reduce(0, +)
        var pieces: [TextRange] = []
        var before = 0
        for weight in weights {
            let lower = range.lowerBound + range.count * before / total
            before += weight
            let upper = range.lowerBound + range.count * before / total
            pieces.append(TextRange(location: lower, length: upper - lower))
        }
        return pieces
    }
}

extension SpokenSentence {
    /// The spoken form of `sentence` of `text` when nothing replaces any of it
    /// (`Pronouncer.speaksAsWritten`): composed from the sentence's own units,
    /// so the sentences of a very long chapter can be streamed (`segment
    /// --spoken`/`--json`) without the whole text as UTF-16.
    public static func asWritten(_ sentence: Sentence, in text: ChapterText) -> SpokenSentence {
        composed(sentence, units: Array(text.substring(sentence.range).utf16), replacements: [])
    }

    /// The spoken form of `sentence` composed from its own UTF-16 `units` and
    /// `replacements` at offsets within them, placed back at the sentence's
    /// offsets in the chapter.
    static func composed(_ sentence: Sentence, units: [UInt16], replacements: [Replacement]) -> SpokenSentence {
        let origin = sentence.range.location
        let local = sentence.words.map { TextRange(location: $0.location - origin, length: $0.length) }
        var spoken = SpokenComposer.compose(range: TextRange(location: 0, length: units.count), words: local, units: units,
                                            replacements: replacements)
        spoken.range = sentence.range
        spoken.shownWords = sentence.words
        spoken.segments = spoken.segments.map { segment in
            var shifted = segment
            shifted.shown = (segment.shown.lowerBound + origin)..<(segment.shown.upperBound + origin)
            return shifted
        }
        return spoken
    }
}
