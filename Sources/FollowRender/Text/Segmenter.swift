/// Splits narration text into sentences and words with ICU's break iterators.
public enum Segmenter {
    /// Sentences (with their words) of a chapter's narration text, in order.
    ///
    /// Each paragraph is cut with ICU's sentence rules for the language at its
    /// start (a line break inside a paragraph ends a sentence, so verse
    /// lines stay apart), then ICU breaks after abbreviations and before
    /// dialogue tags are undone (see `SentenceJoins`). Sentences never cross a paragraph, are trimmed of
    /// whitespace, and together cover every non-whitespace character of the
    /// text (text outside every paragraph is segmented as if it were one).
    /// Words are ICU's word-like segments (letters, numbers, kana, ideographs)
    /// under the word rules of each language run; punctuation is not a word.
    /// Japanese runs are split by MeCab instead, into bunsetsu (`JapaneseWords`).
    /// A stretch without words after a sentence of the same paragraph (a
    /// closing `»` that ICU leaves alone) joins that sentence, and so do closing
    /// quotes that ICU puts at the start of the next one.
    /// All ranges are UTF-16 offsets into `text.text`.
    public static func sentences(in text: ChapterText) throws -> [Sentence] {
        var sentences: [Sentence] = []
        try forEachSentence(in: text) { sentences.append($0) }
        return sentences
    }

    /// Calls `body` with each sentence of `sentences(in:)`, in order, without
    /// holding them all: only the latest sentence is kept, because the next one
    /// may still join it. For `inspect` and `segment` of very long chapters.
    /// Sentences never cross a block (a paragraph), so only the block being cut
    /// is copied out as UTF-16, never the whole text; ranges inside a block are
    /// relative to it (`local`) until they are made chapter offsets.
    public static func forEachSentence(in text: ChapterText, _ body: (Sentence) throws -> Void) throws {
        let utf16 = text.text.utf16
        let count = utf16.count
        guard count > 0 else { return }
        let languages = LanguageMap(runs: text.languages, count: count)
        var iterators = IteratorCache()
        // MeCab, opened for the first Japanese run.
        var japanese: JapaneseAnalyzer?
        var pending: Sentence?
        var cursor = (index: utf16.startIndex, offset: 0)
        for block in blocks(paragraphs: text.paragraphs, count: count) {
            let start = utf16.index(cursor.index, offsetBy: block.lowerBound - cursor.offset)
            let end = utf16.index(start, offsetBy: block.count)
            cursor = (end, block.upperBound)
            let base = block.lowerBound
            try Array(utf16[start..<end]).withUnsafeBufferPointer { buffer in
                let language = languages.language(at: base)
                let local = 0..<buffer.count
                for range in try sentenceRanges(in: buffer, block: local, iterator: iterators.iterator(.sentence, language),
                                                language: language) {
                    var words: [TextRange] = []
                    for piece in languages.pieces(of: (range.lowerBound + base)..<(range.upperBound + base)) {
                        let pieceRange = (piece.range.lowerBound - base)..<(piece.range.upperBound - base)
                        if isJapanese(piece.language) {
                            let analyzer = try japanese ?? JapaneseAnalyzer()
                            japanese = analyzer
                            let text = String(decoding: buffer[pieceRange], as: UTF16.self)
                            for word in JapaneseWords.words(in: text, analyzer: analyzer) {
                                words.append(TextRange(location: piece.range.lowerBound + word.lowerBound, length: word.count))
                            }
                            continue
                        }
                        let iterator = try iterators.iterator(.word, piece.language)
                        try segments(of: buffer, in: pieceRange, with: iterator) { word, kind in
                            if kind.isWordLike, hasLetterOrDigit(buffer[word]) {
                                words.append(TextRange(location: word.lowerBound + base, length: word.count))
                            }
                        }
                    }
                    var sentence = Sentence(range: TextRange(location: range.lowerBound + base, length: range.count), words: words)
                    guard var last = pending, last.range.location >= base else {
                        if let pending { try body(pending) }
                        pending = sentence
                        continue
                    }
                    if words.isEmpty {
                        last.range.length = sentence.range.end - last.range.location
                        pending = last
                        continue
                    }
                    if let closing = strayClosingPunctuation(at: TextRange(location: range.lowerBound, length: range.count), in: buffer) {
                        last.range.length = closing.upperBound + base - last.range.location
                        sentence.range = TextRange(location: closing.next + base, length: range.upperBound - closing.next)
                    }
                    try body(last)
                    pending = sentence
                }
            }
        }
        if let pending { try body(pending) }
    }

    /// Whether a BCP 47 tag is Japanese (`ja`, `ja-JP` …), whose words come from MeCab.
    static func isJapanese(_ language: String) -> Bool {
        language.lowercased().split(separator: "-").first == "ja"
    }

    /// Closing quotes and brackets that open a sentence and stand apart from
    /// its first word (`» Puis`): they close the sentence before. Returns where
    /// they end and where the sentence's own text starts.
    private static func strayClosingPunctuation(at range: TextRange, in units: UnsafeBufferPointer<UInt16>) -> (upperBound: Int, next: Int)? {
        var index = range.location
        while index < range.end, let scalar = Unicode.Scalar(UInt32(units[index])),
              [.closePunctuation, .finalPunctuation].contains(scalar.properties.generalCategory) {
            index += 1
        }
        guard index > range.location else { return nil }
        var next = index
        while next < range.end, CodeUnit.isWhitespace(units[next]) { next += 1 }
        guard next > index, next < range.end else { return nil }
        return (index, next)
    }

    /// ICU counts some symbols, such as a lone `@`, as word-like; a listener hears no word there.
    private static func hasLetterOrDigit(_ units: Slice<UnsafeBufferPointer<UInt16>>) -> Bool {
        String(decoding: units, as: UTF16.self).unicodeScalars.contains {
            $0.properties.isAlphabetic || $0.properties.numericType != nil
        }
    }

    /// The paragraphs, in order and without overlap, plus any stretch of text
    /// between them that holds more than whitespace, so nothing is left out.
    private static func blocks(paragraphs: [Paragraph], count: Int) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var cursor = 0
        for paragraph in paragraphs.sorted(by: { $0.range.location < $1.range.location }) {
            let start = max(paragraph.range.location, cursor)
            let end = min(paragraph.range.end, count)
            guard start < end else { continue }
            if cursor < start { blocks.append(cursor ..< start) }
            blocks.append(start ..< end)
            cursor = end
        }
        if cursor < count { blocks.append(cursor ..< count) }
        return blocks
    }

    /// Trimmed sentence ranges of one block, with abbreviation breaks undone.
    private static func sentenceRanges(
        in text: UnsafeBufferPointer<UInt16>,
        block: Range<Int>,
        iterator: BreakIterator,
        language: String
    ) throws -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        try segments(of: text, in: block, with: iterator) { segment, _ in
            guard let trimmed = trim(segment, in: text) else { return }
            if let last = ranges.last, SentenceJoins.continues(text, sentence: last, into: trimmed, language: language) {
                ranges[ranges.count - 1] = last.lowerBound ..< trimmed.upperBound
            } else {
                ranges.append(trimmed)
            }
        }
        return ranges
    }

    /// `range` without leading and trailing whitespace, or `nil` when nothing is left.
    private static func trim(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> Range<Int>? {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, CodeUnit.isWhitespace(text[start]) { start += 1 }
        while end > start, CodeUnit.isWhitespace(text[end - 1]) { end -= 1 }
        return start < end ? start ..< end : nil
    }

    /// Runs `iterator` over `text[range]`.
    ///
    /// ICU fails here only when it cannot allocate or its data is missing.
    private static func segments(
        of text: UnsafeBufferPointer<UInt16>,
        in range: Range<Int>,
        with iterator: BreakIterator,
        _ body: (Range<Int>, BreakIterator.WordClass) -> Void
    ) throws {
        try iterator.forEachSegment(of: text, in: range, body)
    }
}

/// Break iterators opened so far, by kind and language, reused across paragraphs.
private struct IteratorCache {
    private var sentence: [String: BreakIterator] = [:]
    private var word: [String: BreakIterator] = [:]

    /// The iterator for `kind` and `language`, opened on first use; ICU's root
    /// rules when it knows nothing about the language.
    mutating func iterator(_ kind: BreakIterator.Kind, _ language: String) throws -> BreakIterator {
        if let cached = kind == .sentence ? sentence[language] : word[language] { return cached }
        let opened = try BreakIterator(kind: kind, language: language)
        switch kind {
        case .sentence: sentence[language] = opened
        case .word: word[language] = opened
        }
        return opened
    }
}

private extension TextRange {
    init(_ range: Range<Int>) {
        self.init(location: range.lowerBound, length: range.count)
    }
}
