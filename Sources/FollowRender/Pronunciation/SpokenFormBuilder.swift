/// Chooses what eSpeak NG says for each sentence of a chapter, in priority
/// order: the document's SSML phonemes (`ssml:ph`), the PLS lexicons the
/// document links, the user's `--lexicon` files, the normalization rules
/// (`Normalizer`: numerals, money, abbreviations, years … in English, French,
/// German and Spanish text) on what is left, and for Japanese text MeCab's
/// readings of the words left (MeCab's bunsetsu, as the segmenter cut them),
/// spoken with spaces between them so that eSpeak reports one word event per word.
struct SpokenFormBuilder {
    let bookLexicons: LexiconMatcher
    let userLexicons: LexiconMatcher
    /// MeCab, for chapters with Japanese text; nil when there is none.
    let analyzer: JapaneseAnalyzer?
    /// The normalization rules; nil with `--normalize none`.
    var normalizer: Normalizer?

    /// The spoken form of each sentence of `chapter`, in order. SSML phonemes
    /// that cannot be converted are reported to `warn` and read as written.
    func sentences(of chapter: Chapter, warn: (PronunciationWarning) -> Void) -> [SpokenSentence] {
        let units = Array(chapter.text.text.utf16)
        let hints = phonemeHints(of: chapter, warn: warn)
        var hintIndex = 0
        let headings = normalizer == nil ? [] : chapter.text.paragraphs.filter { $0.kind == .heading }.map(\.range)
        return chapter.sentences.map { sentence in
            while hintIndex < hints.count, hints[hintIndex].shown.upperBound <= sentence.range.location { hintIndex += 1 }
            var fixed = hints[hintIndex...].prefix { $0.shown.lowerBound < sentence.range.end }.map { $0 }
            add(&fixed, from: bookLexicons, units: units, sentence: sentence, chapter: chapter)
            add(&fixed, from: userLexicons, units: units, sentence: sentence, chapter: chapter)
            normalize(&fixed, units: units, sentence: sentence, chapter: chapter, headings: headings)
            addReadings(&fixed, units: units, sentence: sentence, chapter: chapter)
            let (kept, dropped) = SpokenBudget.fitting(fixed, shown: sentence.range.length)
            if dropped > 0 {
                warn(PronunciationWarning(.expansionTooLarge, file: chapter.href, reason: "replacements that would make a sentence's "
                    + "spoken form more than \(SpokenBudget.factor) times as long as its text (plus \(SpokenBudget.slack) characters) "
                    + "are read as written, first in the sentence at [\(sentence.range.location), \(sentence.range.length)]"))
            }
            return SpokenComposer.compose(range: sentence.range, words: sentence.words, units: units, replacements: kept)
        }
    }

    /// The document's `ssml:ph` hints as replacements, in order.
    private func phonemeHints(of chapter: Chapter, warn: (PronunciationWarning) -> Void) -> [Replacement] {
        chapter.text.pronunciation.phonemes.compactMap { hint in
            let entry = "ssml:ph '\(hint.phonemes)'"
            guard let mnemonics = LexiconReader.phonemes(hint.phonemes, alphabet: hint.alphabet, language: hint.language,
                                                         source: chapter.href, entry: entry, warn: warn) else { return nil }
            return .phonemes(hint.range.location..<hint.range.end, mnemonics)
        }.sorted { $0.shown.lowerBound < $1.shown.lowerBound }
    }

    /// Adds the matches of `matcher` that overlap nothing chosen before.
    private func add(_ chosen: inout [Replacement], from matcher: LexiconMatcher, units: [UInt16], sentence: Sentence,
                     chapter: Chapter) {
        guard !matcher.isEmpty else { return }
        let taken = chosen.map(\.shown)
        let found = matcher.replacements(in: units, range: sentence.range.location..<sentence.range.end,
                                         language: { chapter.text.language(at: $0) ?? chapter.language },
                                         isFree: { range in !taken.contains { $0.overlaps(range) } })
        guard !found.isEmpty else { return }
        chosen = (chosen + found).sorted { $0.shown.lowerBound < $1.shown.lowerBound }
    }

    /// Adds the normalization rules' rewrites of the text nothing replaced yet.
    private func normalize(_ chosen: inout [Replacement], units: [UInt16], sentence: Sentence, chapter: Chapter,
                           headings: [TextRange]) {
        guard let normalizer else { return }
        let range = sentence.range.location..<sentence.range.end
        var runs: [(range: Range<Int>, tag: String)] = []
        var cursor = range.lowerBound
        for run in chapter.text.languages where run.range.end > range.lowerBound && run.range.location < range.upperBound {
            let lower = max(run.range.location, range.lowerBound)
            if cursor < lower { runs.append((cursor..<lower, chapter.language)) }
            let upper = min(run.range.end, range.upperBound)
            runs.append((lower..<upper, run.language))
            cursor = upper
        }
        if cursor < range.upperBound { runs.append((cursor..<range.upperBound, chapter.language)) }
        runs = runs.filter { Normalizer.normalizes($0.tag) }
        guard !runs.isEmpty else { return }
        let isHeading = Self.isInside(sentence.range.location, headings)
        let taken = chosen.map(\.shown)
        let found = normalizer.replacements(units: units, range: range, isHeading: isHeading, runs: runs,
                                            isFree: { candidate in !taken.contains { $0.overlaps(candidate) } })
        guard !found.isEmpty else { return }
        chosen = (chosen + found).sorted { $0.shown.lowerBound < $1.shown.lowerBound }
    }

    /// Whether `offset` is inside one of `ranges` (ordered, not overlapping).
    private static func isInside(_ offset: Int, _ ranges: [TextRange]) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].end <= offset { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].location <= offset
    }

    /// One replacement per shown word (MeCab's bunsetsu, see `JapaneseWords`)
    /// in `gap`: the katakana readings of its morphemes, kept apart from the
    /// next word by a space so that eSpeak reports one word event per word.
    /// Punctuation is left as written.
    private static func readings(of gap: Range<Int>, words: [TextRange], units: [UInt16],
                                 analyzer: JapaneseAnalyzer) -> [Replacement] {
        let tokens = analyzer.tokens(of: String(decoding: units[gap], as: UTF16.self))
        var next = 0
        return words.compactMap { word -> Replacement? in
            let shown = max(word.location, gap.lowerBound)..<min(word.end, gap.upperBound)
            guard !shown.isEmpty else { return nil }
            var spoken = ""
            while next < tokens.count, gap.lowerBound + tokens[next].range.lowerBound < shown.upperBound {
                let token = tokens[next]
                next += 1
                let start = gap.lowerBound + token.range.lowerBound
                guard start >= shown.lowerBound else { continue }
                let surface = String(decoding: units[start..<(gap.lowerBound + token.range.upperBound)], as: UTF16.self)
                spoken += token.category == "記号" ? surface : token.reading ?? surface
            }
            return spoken.isEmpty ? nil : Replacement(shown: shown, spoken: spoken, padded: true)
        }
    }

    /// Adds MeCab's readings for the Japanese text no replacement covers yet.
    private func addReadings(_ chosen: inout [Replacement], units: [UInt16], sentence: Sentence, chapter: Chapter) {
        guard let analyzer else { return }
        var readings: [Replacement] = []
        for run in chapter.text.languages where Lexicon.primary(run.language) == "ja" {
            let lower = max(run.range.location, sentence.range.location)
            let upper = min(run.range.end, sentence.range.end)
            guard lower < upper else { continue }
            var gapStart = lower
            for taken in chosen.map(\.shown) + [upper..<upper] where taken.upperBound > gapStart {
                let gapEnd = min(max(taken.lowerBound, gapStart), upper)
                if gapStart < gapEnd {
                    readings += Self.readings(of: gapStart..<gapEnd, words: sentence.words, units: units, analyzer: analyzer)
                }
                gapStart = max(gapStart, taken.upperBound)
                if gapStart >= upper { break }
            }
        }
        guard !readings.isEmpty else { return }
        chosen = (chosen + readings).sorted { $0.shown.lowerBound < $1.shown.lowerBound }
    }
}
