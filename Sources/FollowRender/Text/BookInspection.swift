/// A summary of what narration will read in a book: the `inspect` report.
public struct BookInspection: Hashable, Sendable, Codable {
    /// One narrated spine item.
    public struct Chapter: Hashable, Sendable, Codable {
        public var index: Int
        public var href: String
        public var title: String
        public var language: String
        /// `body`, or the kind of front or back matter (`ChapterMatter`).
        public var matter: String
        /// UTF-16 length of the narration text.
        public var characters: Int
        public var sentences: Int
        public var words: Int
        /// Estimated narration time at 1x, in seconds.
        public var estimatedDuration: Seconds
    }

    public var title: String
    public var authors: [String]
    public var language: String
    public var version: String
    public var layout: BookMetadata.Layout
    public var chapters: [Chapter]
    /// How a text, Markdown or PDF book was read; absent for an EPUB.
    public var input: InputReport?

    /// Summarizes `chapters` of `book`, estimating durations at `wordsPerMinute`.
    public init(book: Book, chapters: [FollowRender.Chapter], wordsPerMinute: Int) {
        self.init(book: book, rows: chapters.map {
            Chapter(chapter: $0, sentences: $0.sentences.count, words: $0.wordCount, wordsPerMinute: wordsPerMinute)
        })
    }

    /// The report of `book` with its chapter rows already made.
    public init(book: Book, rows: [Chapter]) {
        title = book.metadata.title
        authors = book.metadata.creators
        language = book.metadata.language
        version = book.metadata.version
        layout = book.metadata.layout
        chapters = rows
    }

    /// Estimated narration time of the whole book at 1x.
    public var estimatedDuration: Seconds {
        Seconds(chapters.reduce(0) { $0 + $1.estimatedDuration.value })
    }
}

extension BookInspection.Chapter {
    /// The row of `chapter`, whose `sentences` and `words` were counted apart
    /// (`Segmenter.forEachSentence`), so its sentences need not be held.
    public init(chapter: FollowRender.Chapter, sentences: Int, words: Int, wordsPerMinute: Int) {
        self.init(
            index: chapter.index,
            href: chapter.href,
            title: chapter.title,
            language: chapter.language,
            matter: chapter.matter.kind,
            characters: chapter.text.utf16Count,
            sentences: sentences,
            words: words,
            estimatedDuration: Seconds(FollowRender.Chapter.estimatedSeconds(
                words: words, sentences: sentences, paragraphs: chapter.text.paragraphs.count, wordsPerMinute: wordsPerMinute))
        )
    }
}

extension Chapter {
    /// A rough narration time: words at `wordsPerMinute` plus the pauses between
    /// sentences and paragraphs. For planning, not for timing.
    public func estimatedSeconds(wordsPerMinute: Int) -> Double {
        Self.estimatedSeconds(words: wordCount, sentences: sentences.count, paragraphs: text.paragraphs.count,
                              wordsPerMinute: wordsPerMinute)
    }

    /// `estimatedSeconds(wordsPerMinute:)` from the counts alone.
    static func estimatedSeconds(words: Int, sentences: Int, paragraphs: Int, wordsPerMinute: Int) -> Double {
        Double(words) * 60 / Double(wordsPerMinute) + Double(sentences) * 0.3 + Double(paragraphs) * 0.3
    }
}

/// A chapter's narration text and spans: the `segment --json` report, whose
/// ranges are the same as the timing sidecar's.
public struct ChapterSegmentation: Hashable, Sendable, Codable {
    /// A sentence with its words and, when known, what eSpeak NG is given for it.
    public struct SegmentedSentence: Hashable, Sendable, Codable {
        public var range: TextRange
        public var words: [TextRange]
        /// The exact string sent to eSpeak NG (`SpokenSentence.text`).
        public var spoken: String?
    }

    public var index: Int
    public var href: String
    public var text: String
    public var sentences: [SegmentedSentence]

    /// The report of `chapter`; `spoken` holds the spoken text of each sentence, in order.
    public init(chapter: FollowRender.Chapter, spoken: [String] = []) {
        index = chapter.index
        href = chapter.href
        text = chapter.text.text
        sentences = chapter.sentences.enumerated().map { index, sentence in
            SegmentedSentence(range: sentence.range, words: sentence.words, spoken: index < spoken.count ? spoken[index] : nil)
        }
    }
}
