/// Turns eSpeak NG's word events into a time span for each of our words.
///
/// eSpeak reports where words start as 1-based code-point positions in the
/// text it was given, but some words get no event (short words, after
/// punctuation it reads aloud), some several (numbers read as many words),
/// Japanese gets all of them on the first character, and at sonic speeds
/// samples come slightly out of order. The aligner:
/// 1. maps each event to the word whose code points contain its position (or
///    overlap its length) and keeps the earliest sample per word;
/// 2. keeps the longest run of these anchors whose samples rise with the word
///    order, dropping the rest;
/// 3. gives every other word a start interpolated between its known
///    neighbours, in proportion to the characters from each word to the next;
/// 4. ends each word where the next begins, and the last word where voiced
///    audio ends, so it does not run into the trailing pause.
public enum WordAligner {
    /// Begin and end sample of each word.
    ///
    /// - Parameters:
    ///   - sentence: the exact string given to eSpeak.
    ///   - words: our word ranges, in UTF-16 units relative to `sentence`, in order.
    ///   - events: the utterance's word events.
    ///   - sampleCount: the utterance's length in samples.
    ///   - voiced: where speech is audible (`Utterance.voicedRange`); words are
    ///     kept inside it. Defaults to the whole utterance.
    /// - Returns: one range per word, ordered, non-overlapping, each with
    ///   begin < end, inside `0...sampleCount` (when the utterance has at least
    ///   as many samples as there are words; otherwise some ranges are empty).
    public static func align(sentence: String, words: [TextRange], events: [WordEvent], sampleCount: Int,
                             voiced: Range<Int>? = nil) -> [Range<Int>] {
        guard !words.isEmpty else { return [] }
        let total = max(0, sampleCount)
        guard total >= words.count else {
            return words.indices.map { min($0, total)..<min($0 + 1, total) }
        }
        var span = (voiced ?? 0..<total).clamped(to: 0..<total)
        if span.count < words.count { span = 0..<total }

        let scalarSpans = codePointSpans(of: words, in: sentence)
        let anchors = rising(anchors(for: events, spans: scalarSpans))
        let weights = weights(of: scalarSpans)
        var begins = interpolate(anchors: anchors, weights: weights, span: span)
        separate(&begins, span: span)
        return begins.indices.map { index in
            begins[index]..<(index + 1 < begins.count ? begins[index + 1] : span.upperBound)
        }
    }

    /// Aligns the words of `sentence` to an utterance synthesized from it,
    /// trimming its trailing silence.
    public static func align(sentence: String, words: [TextRange], utterance: Utterance) -> [Range<Int>] {
        align(sentence: sentence, words: words, events: utterance.words, sampleCount: utterance.samples.count,
              voiced: utterance.voicedRange)
    }

    /// How many of `words` get their begin from one of `events` rather than
    /// by interpolation (the anchors `align` keeps).
    public static func eventTimedCount(sentence: String, words: [TextRange], events: [WordEvent]) -> Int {
        rising(anchors(for: events, spans: codePointSpans(of: words, in: sentence))).compactMap { $0 }.count
    }

    /// The words as 0-based code-point ranges of `sentence`.
    static func codePointSpans(of words: [TextRange], in sentence: String) -> [Range<Int>] {
        var scalarsBefore: [Int] = [0]
        scalarsBefore.reserveCapacity(sentence.utf16.count + 1)
        var scalars = 0
        for scalar in sentence.unicodeScalars {
            scalars += 1
            let units = UTF16.width(scalar)
            scalarsBefore.append(contentsOf: repeatElement(units == 2 ? scalars - 1 : scalars, count: units - 1))
            scalarsBefore.append(scalars)
        }
        func scalarIndex(_ offset: Int) -> Int { scalarsBefore[min(max(offset, 0), scalarsBefore.count - 1)] }
        return words.map { scalarIndex($0.location)..<max(scalarIndex($0.location), scalarIndex($0.end)) }
    }

    /// The earliest event sample for each word, nil for words no event points into.
    private static func anchors(for events: [WordEvent], spans: [Range<Int>]) -> [Int?] {
        var anchors = [Int?](repeating: nil, count: spans.count)
        for event in events {
            let start = event.textPosition - 1
            let covered = start..<(start + max(event.length, 1))
            guard let word = spans.firstIndex(where: { $0.contains(start) })
                ?? spans.firstIndex(where: { $0.overlaps(covered) })
            else { continue }
            anchors[word] = min(anchors[word] ?? event.sample, event.sample)
        }
        return anchors
    }

    /// Keeps the longest set of anchors whose samples strictly rise with the
    /// word order (patience sorting); the others become nil.
    private static func rising(_ anchors: [Int?]) -> [Int?] {
        var tails: [Int] = []          // word index ending the best run of each length
        var previous = [Int?](repeating: nil, count: anchors.count)
        for (word, sample) in anchors.enumerated() {
            guard let sample else { continue }
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if anchors[tails[middle]]! < sample { low = middle + 1 } else { high = middle }
            }
            previous[word] = low > 0 ? tails[low - 1] : nil
            if low == tails.count { tails.append(word) } else { tails[low] = word }
        }
        var kept = [Int?](repeating: nil, count: anchors.count)
        var word = tails.last
        while let current = word {
            kept[current] = anchors[current]
            word = previous[current]
        }
        return kept
    }

    /// How much of the sentence's time each word takes when guessed: the code
    /// points from its start to the next word's start (its own length for the
    /// last word), at least 1.
    private static func weights(of spans: [Range<Int>]) -> [Int] {
        spans.indices.map { index in
            let end = index + 1 < spans.count ? spans[index + 1].lowerBound : spans[index].upperBound
            return max(1, end - spans[index].lowerBound)
        }
    }

    /// Begin samples: the anchors, and for the words between two known begins
    /// (or the voiced start and end) a share of the time proportional to weight.
    private static func interpolate(anchors: [Int?], weights: [Int], span: Range<Int>) -> [Int] {
        var begins = anchors.map { $0.map { min(max($0, span.lowerBound), span.upperBound) } }
        let known = begins.indices.filter { begins[$0] != nil }
        // Stretches of words [first, last) whose time runs from `from` to `to`.
        var stretches: [(first: Int, last: Int, from: Int, to: Int)] = []
        var start = 0
        var time = span.lowerBound
        for index in known {
            if index > start { stretches.append((start, index, time, begins[index]!)) }
            start = index
            time = begins[index]!
        }
        stretches.append((start, begins.count, time, span.upperBound))
        for stretch in stretches {
            let total = weights[stretch.first..<stretch.last].reduce(0, +)
            var before = 0
            for index in stretch.first..<stretch.last {
                if begins[index] == nil {
                    begins[index] = stretch.from + (stretch.to - stretch.from) * before / total
                }
                before += weights[index]
            }
        }
        return begins.map { $0! }
    }

    /// Makes begins strictly rising inside `span`, leaving each word at least one
    /// sample (needs `span.count >= begins.count`).
    private static func separate(_ begins: inout [Int], span: Range<Int>) {
        for index in begins.indices {
            let floor = index == 0 ? span.lowerBound : begins[index - 1] + 1
            begins[index] = max(begins[index], floor)
        }
        for index in begins.indices.reversed() {
            let ceiling = index == begins.count - 1 ? span.upperBound - 1 : begins[index + 1] - 1
            begins[index] = min(begins[index], ceiling)
        }
    }
}
