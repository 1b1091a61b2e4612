/// Paragraphs and headings read back from a sidecar alone, for a rendered
/// folder whose source book cannot be found.
///
/// The sidecar's text joins paragraphs with `"\n"` and also holds `<br>` line
/// breaks as `"\n"`, so the text alone cannot tell them apart, nor find the
/// headings. The audio can: follow-render puts a pause of known length between
/// sentences (by default 0.30 s, 0.40 s after a line break, 0.65 s between
/// paragraphs, 0.90 s after a heading, all divided by the speed; the values
/// chosen with `--pauses` are in `book.json`, `PauseSettings`), and
/// the sidecar's times give every pause as the next sentence's `begin` minus
/// this one's `end`. Each boundary with a newline is classified by the nearest
/// of those lengths, with the speed measured from the plain sentence pauses.
enum PauseStructure {
    /// The pause at 1x after a line break (no new paragraph), a paragraph and a heading.
    private static func boundaries(_ pauses: PauseSettings) -> [(seconds: Double, kind: Paragraph.Kind?)] {
        [(pauses.line, nil), (pauses.paragraph, .text), (pauses.heading, .heading)]
    }

    /// The chapter's paragraphs as the pauses show them, `pauses` being those it was rendered with.
    static func paragraphs(_ timing: ChapterTiming, speed fallbackSpeed: Double?,
                           pauses: PauseSettings = .standard) -> [Paragraph] {
        let units = Array(timing.text.utf16)
        let sentences = timing.sentences
        let speed = measuredSpeed(sentences, units, pauses: pauses) ?? fallbackSpeed ?? 1
        let boundaries = Self.boundaries(pauses)
        var paragraphs: [Paragraph] = []
        var start = 0
        for (previous, sentence) in zip(sentences, sentences.dropFirst()) {
            let between = previous.range.end..<sentence.range.location
            guard let newline = between.last(where: { units[$0] == 0x0A }) else { continue }
            let pause = (sentence.begin.value - previous.end.value) * speed
            guard let kind = boundaries.min(by: { abs($0.seconds - pause) < abs($1.seconds - pause) })?.kind else { continue }
            let end = between.first(where: { units[$0] == 0x0A }) ?? newline
            paragraphs.append(Paragraph(range: TextRange(location: start, length: max(0, end - start)), kind: kind))
            start = newline + 1
        }
        paragraphs.append(Paragraph(range: TextRange(location: start, length: max(0, units.count - start)), kind: .text))
        return paragraphs
    }

    /// The speed the chapter was rendered at: the sentence pause at 1x (0.30 s
    /// by default) over the median pause between sentences of one line; nil
    /// when there are none, or when that pause is 0.
    static func measuredSpeed(_ sentences: [TimedSentence], _ units: [UInt16], pauses: PauseSettings = .standard) -> Double? {
        guard pauses.sentence > 0 else { return nil }
        let gaps = zip(sentences, sentences.dropFirst()).compactMap { previous, sentence -> Double? in
            let between = units[previous.range.end..<sentence.range.location]
            let pause = sentence.begin.value - previous.end.value
            return between.contains(0x0A) || pause <= 0 ? nil : pause
        }.sorted()
        guard !gaps.isEmpty else { return nil }
        return pauses.sentence / gaps[gaps.count / 2]
    }
}
