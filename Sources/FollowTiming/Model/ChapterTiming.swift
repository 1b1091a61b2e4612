/// The timing sidecar of one chapter (`NNN-slug.timing.json`): its narration
/// text and, for every sentence and word, the UTF-16 range and the time span in
/// the chapter's audio file. Enough on its own to highlight and restore a position.
///
/// Version 1 times a chapter's own audio file. Version 2 (a render with
/// `--format none`) names the single-file audiobook instead and where the
/// chapter starts in it (`audio.start`); its times still count from that start.
/// A sidecar is written in the lowest version that says what it holds.
public struct ChapterTiming: Hashable, Sendable, Codable {
    /// The `format` of every sidecar; a reader refuses any other.
    public static let formatName = "follow-render-timing"
    /// The newest `version` this library reads and writes.
    public static let currentVersion = 2

    /// Identifies the chapter within its book.
    public struct Chapter: Hashable, Sendable, Codable {
        /// 1-based spine position.
        public var index: Int
        public var href: String
        public var title: String

        public init(index: Int, href: String, title: String) {
            self.index = index
            self.href = href
            self.title = title
        }
    }

    /// The audio file the times refer to, as a player decodes it.
    public struct Audio: Hashable, Sendable, Codable {
        /// File name, relative to the sidecar; with `start`, the single file's path relative to the sidecar's folder.
        public var file: String
        public var sampleRate: Int
        /// The chapter's length: its file's, or with `start` its span in the single file.
        public var duration: Seconds
        /// Where the chapter starts in `file` when that is the single-file audiobook (version 2):
        /// a time in the sidecar is this much later in the file. Nil for a chapter's own file.
        public var start: Seconds?

        public init(file: String, sampleRate: Int, duration: Seconds, start: Seconds? = nil) {
            self.file = file
            self.sampleRate = sampleRate
            self.duration = duration
            self.start = start
        }
    }

    /// The version a sidecar with this `audio` is written in: 2 when it names the single file.
    public static func version(of audio: Audio) -> Int { audio.start == nil ? 1 : 2 }

    /// The time in `audio.file` of a time in this sidecar.
    public func fileTime(_ time: Seconds) -> Seconds { Seconds(time.value + (audio.start?.value ?? 0)) }

    /// Always `formatName`.
    public var format: String
    /// 1 or 2: see the type's comment.
    public var version: Int
    public var chapter: Chapter
    public var audio: Audio
    /// The narration text every range points into.
    public var text: String
    /// Every sentence in text order; ranges do not overlap and times rise.
    public var sentences: [TimedSentence]

    public init(chapter: Chapter, audio: Audio, text: String, sentences: [TimedSentence]) {
        format = Self.formatName
        version = Self.version(of: audio)
        self.chapter = chapter
        self.audio = audio
        self.text = text
        self.sentences = sentences
    }
}

/// A sentence with its audio clip and its timed words.
public struct TimedSentence: Hashable, Sendable, Codable {
    public var range: TextRange
    public var begin: Seconds
    public var end: Seconds
    /// The sentence's words in order, each inside the sentence's range and clip.
    public var words: [TimedWord]

    public init(range: TextRange, begin: Seconds, end: Seconds, words: [TimedWord]) {
        self.range = range
        self.begin = begin
        self.end = end
        self.words = words
    }
}

/// A word with the time span in which it is spoken.
public struct TimedWord: Hashable, Sendable, Codable {
    public var range: TextRange
    public var begin: Seconds
    public var end: Seconds

    public init(range: TextRange, begin: Seconds, end: Seconds) {
        self.range = range
        self.begin = begin
        self.end = end
    }
}
