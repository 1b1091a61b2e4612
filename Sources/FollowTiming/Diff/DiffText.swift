/// The human-readable form of a `DiffReport`: per chapter, what changed,
/// quoting shortened sentences with old and new times, then a summary line.
public enum DiffText {
    /// Shifted sentences (and words) listed per chapter before "… and N more".
    public static let listed = 10
    /// Characters of a sentence quoted before it is shortened with "…".
    public static let quoted = 60

    /// The report as text: a block per differing chapter, then one summary line.
    /// `fullList` names where the shifts left out of a long list are (a command
    /// names its JSON option; the library says "the JSON report").
    public static func render(_ report: DiffReport, fullList: String = "the JSON report") -> String {
        var lines: [String] = []
        for chapter in report.chapters { lines += self.chapter(chapter, fullList: fullList) }
        for chapter in report.added { lines.append("Chapter \(chapter.index) \"\(chapter.title)\" (\(chapter.href)): added") }
        for chapter in report.removed { lines.append("Chapter \(chapter.index) \"\(chapter.title)\" (\(chapter.href)): removed") }
        lines.append(summary(report))
        return lines.joined(separator: "\n")
    }

    private static func chapter(_ diff: DiffReport.Chapter, fullList: String) -> [String] {
        var lines = ["Chapter \(diff.chapter.index) \"\(diff.chapter.title)\" (\(diff.chapter.href))"]
        if let duration = diff.duration {
            lines.append("  duration \(seconds(duration.old)) -> \(seconds(duration.new)) (\(signed(duration.new.milliseconds - duration.old.milliseconds)))")
        }
        for change in diff.textChanges {
            switch (change.old, change.new) {
            case let (old?, new?):
                lines.append("  text changed: \(describe(old))")
                lines.append("            to: \(describe(new))")
            case let (old?, nil):
                lines.append("  text removed: \(describe(old))")
            case let (nil, new?):
                lines.append("  text inserted: \(describe(new))")
            case (nil, nil):
                break
            }
        }
        if diff.textDiffersBetweenSentences {
            lines.append("  text differs between sentences (whitespace or unnarrated characters); every sentence is unchanged")
        }
        lines += shifts(diff.sentenceShifts, noun: "sentences", fullList: fullList)
        let shiftedSentences = Set(diff.sentenceShifts.map { $0.old.range })
        let hidden = diff.wordShifts.filter { word in !shiftedSentences.contains { $0.contains(word.old.range) } }
        if !diff.wordShifts.isEmpty {
            lines.append("  \(diff.wordShifts.count) of \(diff.wordsCompared) words shifted"
                + (hidden.isEmpty ? "" : ", \(hidden.count) of them in sentences that did not shift:"))
            lines += shifts(hidden, noun: "words", fullList: fullList)
        }
        return lines
    }

    private static func shifts(_ shifts: [DiffReport.Shift], noun: String, fullList: String) -> [String] {
        var lines = shifts.prefix(listed).map { shift in
            "  \(quote(shift.old.text)) \(range(shift.old.range)): \(seconds(shift.old.begin))–\(seconds(shift.old.end))"
                + " -> \(seconds(shift.new.begin))–\(seconds(shift.new.end)) (begin \(signed(shift.beginShiftMs)), end \(signed(shift.endShiftMs)))"
        }
        if shifts.count > listed { lines.append("  … and \(shifts.count - listed) more shifted \(noun) (see \(fullList))") }
        return lines
    }

    private static func summary(_ report: DiffReport) -> String {
        let s = report.summary
        let verdict = report.equal ? "equal within \(report.toleranceMs) ms" : "different (tolerance \(report.toleranceMs) ms)"
        return "Summary: \(verdict); \(s.chaptersCompared) chapters compared, \(s.chaptersAdded) added, \(s.chaptersRemoved) removed; "
            + "\(s.textChanges) text changes; \(s.durationChanges) duration changes; "
            + "\(s.sentencesShifted) of \(s.sentencesCompared) sentences and \(s.wordsShifted) of \(s.wordsCompared) words shifted; "
            + "sentence shift median \(s.medianSentenceShiftMs) ms, max \(s.maximumSentenceShiftMs) ms; "
            + "word shift median \(s.medianWordShiftMs) ms, max \(s.maximumWordShiftMs) ms"
    }

    private static func describe(_ span: DiffReport.Span) -> String {
        "\(range(span.range)) \(quote(span.text)) (\(seconds(span.begin))–\(seconds(span.end)))"
    }

    /// The text on one line, shortened to `quoted` characters.
    package static func quote(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\"" + (flat.count > quoted ? flat.prefix(quoted - 1) + "…" : flat) + "\""
    }

    private static func range(_ range: TextRange) -> String { "[\(range.location), \(range.length)]" }

    private static func seconds(_ time: Seconds) -> String { CueTime.decimal(time) + " s" }

    private static func signed(_ milliseconds: Int) -> String { (milliseconds > 0 ? "+" : "") + "\(milliseconds) ms" }
}
