/// The `book.json` of a rendered folder: what was rendered, how, and where
/// each chapter's audio and timing sidecar are.
///
/// Version 1 lists each chapter's audio file. Version 2 (a render with
/// `--format none`) has chapters without one: their audio is in the single
/// file only (`audiobook`). Version 3 adds `toc`, the book's table of
/// contents placed in the audio. A manifest is written in the lowest version
/// that says what it holds; a missing `toc` (versions 1 and 2) is read as none.
public struct BookManifest: Hashable, Sendable, Codable {
    public static let formatName = "follow-render-book"
    public static let currentVersion = 3

    /// The version a manifest of `chapters` and `toc` is written in: 3 with a
    /// table of contents, else 2 when a chapter has no audio file, else 1.
    public static func version(of chapters: [Chapter], toc: [TOCEntry]? = nil) -> Int {
        if let toc, !toc.isEmpty { return 3 }
        return chapters.allSatisfy { $0.audio != nil } ? 1 : 2
    }

    /// An entry of the table of contents (version 3), where it begins in the audio.
    public struct TOCEntry: Hashable, Sendable, Codable {
        public var title: String
        /// 1 for a top-level entry; a child's level is its parent's plus one.
        public var level: Int
        /// The target as the book has it: the chapter's href and the entry's fragment.
        public var href: String
        /// 1-based spine position of the chapter the entry begins in, as in `chapters`.
        public var chapter: Int
        /// UTF-16 offset in that chapter's narration text where the entry's narrated text starts.
        public var offset: Int
        /// Time in the chapter's sidecar of the entry's first word.
        public var begin: Seconds
        /// Time in the single-file audiobook (`audiobook`), when one is written.
        public var time: Seconds?
        public var children: [TOCEntry]

        public init(title: String, level: Int, href: String, chapter: Int, offset: Int, begin: Seconds, time: Seconds? = nil,
                    children: [TOCEntry] = []) {
            self.title = title
            self.level = level
            self.href = href
            self.chapter = chapter
            self.offset = offset
            self.begin = begin
            self.time = time
            self.children = children
        }

        /// The entry and its children without their single-file times.
        public var untimed: TOCEntry {
            var entry = self
            entry.time = nil
            entry.children = children.map(\.untimed)
            return entry
        }

        /// This entry and every entry below it, depth first.
        public var flattened: [TOCEntry] { [self] + children.flatMap(\.flattened) }
    }

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
    /// Every voice the rendered chapters are spoken with, in the order first heard, when
    /// that is more than `voice` alone (a passage in a language the book's voice does
    /// not speak, a voice for dialogue); absent when `voice` reads everything.
    public var voices: [String]?
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
    /// The table of contents placed in the rendered chapters (version 3); nil in earlier versions.
    /// Set it with `setTOC`, which raises `version`.
    public private(set) var toc: [TOCEntry]?

    /// `toc` with each entry's `time` in the single file `entry` (its chapter's start plus its `begin`).
    public mutating func setAudiobook(_ entry: AudiobookEntry) {
        audiobook = entry
        let starts = Dictionary(entry.chapters.map { ($0.index, $0.start.value) }, uniquingKeysWith: { first, _ in first })
        func timed(_ item: TOCEntry) -> TOCEntry {
            var item = item
            item.time = starts[item.chapter].map { Seconds($0 + item.begin.value) }
            item.children = item.children.map(timed)
            return item
        }
        toc = toc?.map(timed)
    }

    /// Records the table of contents and the version that says it is there.
    public mutating func setTOC(_ entries: [TOCEntry]?) {
        toc = entries
        version = BookManifest.version(of: chapters, toc: entries)
    }

    /// The voice as the narrator is named in the single file and the read-aloud
    /// EPUB: `en+f3`, with its pitch and intonation when they were changed.
    public var voiceDescription: String {
        voice + (voiceParameters?.summary.map { " (\($0))" } ?? "")
    }

    /// Each voice the book is read with (`voices`, else `voice`) as a narrator is
    /// named in the read-aloud EPUB: `en+f3`, with pitch and intonation when changed
    /// (they apply to every voice).
    public var voiceDescriptions: [String] {
        (voices ?? [voice]).map { $0 + (voiceParameters?.summary.map { " (\($0))" } ?? "") }
    }

    /// What `voices` records for chapters spoken with `used` (each chapter's voices in
    /// the order first heard, the chapters in reading order): nil when that is `voice` alone.
    public static func voices(_ used: [[String]], bookVoice: String) -> [String]? {
        var seen: Set<String> = []
        let ordered = used.joined().filter { seen.insert($0).inserted }
        return ordered.isEmpty || ordered == [bookVoice] ? nil : ordered
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
