/// The answer to a position query: a word in a chapter, where it is in the
/// text and in the audio, and Readium Locators for both. `follow-render locate`
/// prints it as JSON.
public struct BookPosition: Hashable, Sendable, Codable {
    /// The sentence the position is in.
    public struct Sentence: Hashable, Sendable, Codable {
        /// Index in the sidecar's `sentences`.
        public var index: Int
        public var range: TextRange
        public var begin: Seconds
        public var end: Seconds
    }

    /// The word the position is at.
    public struct Word: Hashable, Sendable, Codable {
        /// Index in the sentence's `words`.
        public var index: Int
        public var range: TextRange
        public var begin: Seconds
        public var end: Seconds
        public var text: String
    }

    /// A point in a chapter's audio file.
    public struct AudioPoint: Hashable, Sendable, Codable {
        /// File name, relative to the sidecar.
        public var file: String
        public var time: Seconds
    }

    public var chapter: ChapterTiming.Chapter
    /// UTF-16 offset of the position in the chapter's narration text: the start
    /// of the word (or, for sentence positions, of the sentence).
    public var offset: Int
    public var sentence: Sentence
    public var word: Word
    /// Where to start playing: the word's (or sentence's) begin time.
    public var audio: AudioPoint
    /// Where the query fell relative to `word`.
    public var placement: ChapterPositions.Placement
    /// The text position, for EPUB navigators.
    public var locator: Locator
    /// The audio position (`t=` fragment), for audiobook navigators.
    public var audioLocator: Locator
    /// The same point in the single-file audiobook (`book.json`'s `audiobook`), when there is one.
    public var audiobook: AudioPoint? = nil
    /// The table-of-contents entry the position is in (`book.json`'s `toc`, version 3): the
    /// last entry, depth first, that begins at or before it; nil before the first or without a `toc`.
    public var entry: Entry? = nil

    /// A table-of-contents entry, as `locate` names it.
    public struct Entry: Hashable, Sendable, Codable {
        public var title: String
        /// The entry's target: `href#fragment`.
        public var href: String
        public var level: Int
    }
}
