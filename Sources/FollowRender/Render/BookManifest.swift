/// The `book.json` of a rendered folder: what was rendered, how, and where
/// each chapter's audio and timing sidecar are.
///
/// Version 1 lists each chapter's audio file. Version 2 (a render with
/// `--format none`) has chapters without one: their audio is in the single
/// file only (`audiobook`). A manifest is written in the lowest version that
/// says what it holds, so every render an earlier reader read is still version 1.
public struct BookManifest: Hashable, Sendable, Codable {
    public static let formatName = "follow-render-book"
    public static let currentVersion = 2

    /// The version a manifest of `chapters` is written in: 2 when one has no audio file.
    public static func version(of chapters: [Chapter]) -> Int { chapters.allSatisfy { $0.audio != nil } ? 1 : 2 }

    /// The speed the book was rendered at.
    public struct Rate: Hashable, Sendable, Codable {
        /// The preset name, e.g. `2x`; for `--wpm`, the raw rate as `175wpm`.
        public var preset: String
        /// eSpeak NG's words-per-minute used for it.
        public var wpm: Int

        public init(preset: String, wpm: Int) {
            self.preset = preset
            self.wpm = wpm
        }
    }

    /// Versions of everything that shapes the output, for reproducibility.
    public struct Engine: Hashable, Sendable, Codable {
        public var followRender: String
        public var espeakNG: String
        public var encoder: String

        public init(followRender: String, espeakNG: String, encoder: String) {
            self.followRender = followRender
            self.espeakNG = espeakNG
            self.encoder = encoder
        }
    }

    /// A rendered chapter.
    public struct Chapter: Hashable, Sendable, Codable {
        /// 1-based spine position.
        public var index: Int
        public var href: String
        public var title: String
        /// Audio file name, relative to `book.json`; nil with `--format none` (version 2).
        public var audio: String?
        /// Timing sidecar file name, relative to `book.json`.
        public var timing: String
        public var duration: Seconds
        /// Hash of everything that shapes this chapter's files; a rerun renders
        /// the chapter again only when it changes (see `ChapterCacheKey`).
        public var key: String

        public init(index: Int, href: String, title: String, audio: String?, timing: String, duration: Seconds, key: String) {
            self.index = index
            self.href = href
            self.title = title
            self.audio = audio
            self.timing = timing
            self.duration = duration
            self.key = key
        }
    }

    /// A chapter the last run could not render, and why.
    public struct Skipped: Hashable, Sendable, Codable {
        public var index: Int
        public var href: String
        public var reason: String

        public init(index: Int, href: String, reason: String) {
            self.index = index
            self.href = href
            self.reason = reason
        }
    }

    public var format: String
    public var version: Int
    public var title: String
    public var authors: [String]
    public var language: String
    public var voice: String
    /// Pitch and intonation, when `--pitch` or `--intonation` changed them; absent for eSpeak's defaults.
    public var voiceParameters: VoiceParameters?
    /// The pauses, when `--pauses` changed them; absent for the defaults (`PauseSettings.standard`).
    public var pauses: PauseSettings?
    public var rate: Rate
    public var engine: Engine
    public var duration: Seconds
    public var chapters: [Chapter]
    public var skipped: [Skipped]
    /// The single-file audiobook made from these chapters (`--audiobook`), if any.
    public var audiobook: AudiobookEntry?

    /// The voice as the narrator is named in the single file and the read-aloud
    /// EPUB: `en+f3`, with its pitch and intonation when they were changed.
    public var voiceDescription: String {
        voice + (voiceParameters?.summary.map { " (\($0))" } ?? "")
    }

    public init(title: String, authors: [String], language: String, voice: String, rate: Rate, engine: Engine,
                duration: Seconds, chapters: [Chapter], skipped: [Skipped]) {
        format = Self.formatName
        version = Self.version(of: chapters)
        self.title = title
        self.authors = authors
        self.language = language
        self.voice = voice
        self.rate = rate
        self.engine = engine
        self.duration = duration
        self.chapters = chapters
        self.skipped = skipped
    }
}
