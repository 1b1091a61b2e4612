/// What `follow-render diff` found between an old and a new render: text
/// changes, time shifts beyond the tolerance, duration changes, and chapters
/// added or removed. Encoded as the `--json` output.
public struct DiffReport: Hashable, Sendable, Codable {
    /// A stretch of text with its time span, in one of the two renders.
    public struct Span: Hashable, Sendable, Codable {
        public var range: TextRange
        public var text: String
        public var begin: Seconds
        public var end: Seconds
    }

    /// Sentences whose text differs: `old` replaced by `new`. One is nil when
    /// sentences were only inserted or only removed.
    public struct TextChange: Hashable, Sendable, Codable {
        public var old: Span?
        public var new: Span?
    }

    /// A sentence or word with the same text in both renders, timed differently.
    public struct Shift: Hashable, Sendable, Codable {
        public var old: Span
        public var new: Span
        /// New begin minus old begin, in milliseconds.
        public var beginShiftMs: Int
        /// New end minus old end, in milliseconds.
        public var endShiftMs: Int
    }

    /// A chapter's audio duration, before and after.
    public struct DurationChange: Hashable, Sendable, Codable {
        public var old: Seconds
        public var new: Seconds
    }

    /// The differences found in a chapter present in both renders.
    public struct Chapter: Hashable, Sendable, Codable {
        /// The chapter as the new render names it.
        public var chapter: ChapterTiming.Chapter
        /// Set when the duration changed by more than the tolerance.
        public var duration: DurationChange?
        public var textChanges: [TextChange]
        /// Whether the narration texts differ somewhere no sentence covers
        /// (whitespace between sentences), with every sentence unchanged.
        public var textDiffersBetweenSentences: Bool
        public var sentenceShifts: [Shift]
        public var wordShifts: [Shift]
        /// Sentences and words with the same text in both, whose times were compared.
        public var sentencesCompared: Int
        public var wordsCompared: Int

        /// Whether nothing differs beyond the tolerance.
        public var isEqual: Bool {
            duration == nil && textChanges.isEmpty && !textDiffersBetweenSentences && sentenceShifts.isEmpty && wordShifts.isEmpty
        }
    }

    /// Counts over the whole comparison.
    public struct Summary: Hashable, Sendable, Codable {
        public var chaptersCompared: Int
        public var chaptersAdded: Int
        public var chaptersRemoved: Int
        public var textChanges: Int
        public var durationChanges: Int
        public var sentencesCompared: Int
        public var sentencesShifted: Int
        public var wordsCompared: Int
        public var wordsShifted: Int
        /// Median and maximum of |new begin - old begin| over every compared
        /// sentence (or word), in milliseconds, shifted beyond the tolerance or not.
        public var medianSentenceShiftMs: Int
        public var maximumSentenceShiftMs: Int
        public var medianWordShiftMs: Int
        public var maximumWordShiftMs: Int
    }

    /// Time differences up to this many milliseconds count as equal.
    public var toleranceMs: Int
    /// Whether the renders are equal within the tolerance (`diff` exits 0).
    public var equal: Bool
    /// Chapters in both renders that differ.
    public var chapters: [Chapter]
    /// Chapters only in the new render, or only in the old one.
    public var added: [ChapterTiming.Chapter]
    public var removed: [ChapterTiming.Chapter]
    public var summary: Summary
}
