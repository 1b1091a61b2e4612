/// Compares two renders of a book (or two sidecars of a chapter): the
/// regression check behind `follow-render diff`.
///
/// Chapters are matched by spine index (two single sidecars are matched with
/// each other). Within a chapter, sentences are aligned by their text
/// (`SentenceAlignment`): unmatched runs are text changes; matched sentences,
/// and their words with the same place and length in the sentence, are
/// compared by time. A time differs when the whole milliseconds the sidecars
/// store differ by more than the tolerance.
public struct TimingDiff: Sendable {
    /// Time differences up to this many milliseconds count as equal.
    public var toleranceMs: Int

    public init(toleranceMs: Int) { self.toleranceMs = toleranceMs }

    /// What differs between `old` and `new`, chapter by chapter.
    public func compare(old: RenderedBook, new: RenderedBook) -> DiffReport {
        let pairs: [(ChapterTiming, ChapterTiming)]
        var added: [ChapterTiming.Chapter] = [], removed: [ChapterTiming.Chapter] = []
        if old.manifest == nil || new.manifest == nil, old.chapters.count == 1, new.chapters.count == 1 {
            pairs = [(old.chapters[0], new.chapters[0])]
        } else {
            let oldIndexes = Set(old.chapters.map { $0.chapter.index })
            let newIndexes = Set(new.chapters.map { $0.chapter.index })
            pairs = old.chapters.compactMap { timing in new.chapter(timing.chapter.index).map { (timing, $0) } }
            added = new.chapters.map(\.chapter).filter { !oldIndexes.contains($0.index) }
            removed = old.chapters.map(\.chapter).filter { !newIndexes.contains($0.index) }
        }
        var tally = Tally()
        let chapters = pairs.map { compare($0.0, $0.1, tally: &tally) }
        let differing = chapters.filter { !$0.isEqual }
        let summary = DiffReport.Summary(
            chaptersCompared: pairs.count,
            chaptersAdded: added.count,
            chaptersRemoved: removed.count,
            textChanges: chapters.reduce(0) { $0 + $1.textChanges.count },
            durationChanges: chapters.filter { $0.duration != nil }.count,
            sentencesCompared: tally.sentenceShifts.count,
            sentencesShifted: chapters.reduce(0) { $0 + $1.sentenceShifts.count },
            wordsCompared: tally.wordShifts.count,
            wordsShifted: chapters.reduce(0) { $0 + $1.wordShifts.count },
            medianSentenceShiftMs: Self.median(tally.sentenceShifts),
            maximumSentenceShiftMs: tally.sentenceShifts.max() ?? 0,
            medianWordShiftMs: Self.median(tally.wordShifts),
            maximumWordShiftMs: tally.wordShifts.max() ?? 0
        )
        return DiffReport(toleranceMs: toleranceMs, equal: differing.isEmpty && added.isEmpty && removed.isEmpty,
                          chapters: differing, added: added, removed: removed, summary: summary)
    }

    /// Absolute begin shifts of everything compared, for the summary.
    private struct Tally {
        var sentenceShifts: [Int] = []
        var wordShifts: [Int] = []
    }

    private func compare(_ old: ChapterTiming, _ new: ChapterTiming, tally: inout Tally) -> DiffReport.Chapter {
        let oldText = Array(old.text.utf16), newText = Array(new.text.utf16)
        let oldSentences = old.sentences.map { oldText.text($0.range) }
        let newSentences = new.sentences.map { newText.text($0.range) }
        var result = DiffReport.Chapter(chapter: new.chapter, duration: nil, textChanges: [], textDiffersBetweenSentences: false,
                                        sentenceShifts: [], wordShifts: [], sentencesCompared: 0, wordsCompared: 0)
        if differs(old.audio.duration, new.audio.duration) {
            result.duration = .init(old: old.audio.duration, new: new.audio.duration)
        }
        for step in SentenceAlignment.align(oldSentences, newSentences) {
            switch step {
            case let .change(oldRange, newRange):
                result.textChanges.append(.init(old: span(old, oldText, oldRange), new: span(new, newText, newRange)))
            case let .match(oldIndex, newIndex):
                let before = old.sentences[oldIndex], after = new.sentences[newIndex]
                result.sentencesCompared += 1
                tally.sentenceShifts.append(abs(after.begin.milliseconds - before.begin.milliseconds))
                if let shift = shift(before.range, before.begin, before.end, after.range, after.begin, after.end,
                                     text: oldSentences[oldIndex]) {
                    result.sentenceShifts.append(shift)
                }
                let newWords = Dictionary(after.words.map { (TextRange(location: $0.range.location - after.range.location,
                                                                        length: $0.range.length), $0) },
                                          uniquingKeysWith: { first, _ in first })
                for word in before.words {
                    let relative = TextRange(location: word.range.location - before.range.location, length: word.range.length)
                    guard let counterpart = newWords[relative] else { continue }
                    result.wordsCompared += 1
                    tally.wordShifts.append(abs(counterpart.begin.milliseconds - word.begin.milliseconds))
                    if let shift = shift(word.range, word.begin, word.end, counterpart.range, counterpart.begin, counterpart.end,
                                         text: oldText.text(word.range)) {
                        result.wordShifts.append(shift)
                    }
                }
            }
        }
        result.textDiffersBetweenSentences = result.textChanges.isEmpty && old.text != new.text
        return result
    }

    /// The sentences `range` of `timing` as one span, or nil when empty.
    private func span(_ timing: ChapterTiming, _ units: [UInt16], _ range: Range<Int>) -> DiffReport.Span? {
        guard let first = range.first, let last = range.last else { return nil }
        let begin = timing.sentences[first], end = timing.sentences[last]
        let location = min(begin.range.location, units.count), stop = max(location, min(end.range.end, units.count))
        return .init(range: TextRange(location: location, length: stop - location),
                     text: units.text(location, stop), begin: begin.begin, end: end.end)
    }

    private func shift(_ oldRange: TextRange, _ oldBegin: Seconds, _ oldEnd: Seconds,
                       _ newRange: TextRange, _ newBegin: Seconds, _ newEnd: Seconds, text: String) -> DiffReport.Shift? {
        guard differs(oldBegin, newBegin) || differs(oldEnd, newEnd) else { return nil }
        return .init(old: .init(range: oldRange, text: text, begin: oldBegin, end: oldEnd),
                     new: .init(range: newRange, text: text, begin: newBegin, end: newEnd),
                     beginShiftMs: newBegin.milliseconds - oldBegin.milliseconds,
                     endShiftMs: newEnd.milliseconds - oldEnd.milliseconds)
    }

    private func differs(_ old: Seconds, _ new: Seconds) -> Bool {
        abs(new.milliseconds - old.milliseconds) > toleranceMs
    }

    private static func median(_ values: [Int]) -> Int {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
