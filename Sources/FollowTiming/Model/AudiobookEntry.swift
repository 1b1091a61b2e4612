/// `book.json`'s `audiobook` object: the single file and where each chapter
/// starts in it. A sentence's time in the single file is its chapter's `start`
/// plus its time in the sidecar.
public struct AudiobookEntry: Hashable, Sendable, Codable {
    /// A chapter's span in the single file.
    public struct Chapter: Hashable, Sendable, Codable {
        /// 1-based spine position, as in `book.json`'s `chapters`.
        public var index: Int
        public var start: Seconds
        public var end: Seconds

        public init(index: Int, start: Seconds, end: Seconds) {
            self.index = index
            self.start = start
            self.end = end
        }
    }

    /// The file's path: relative to `book.json` when inside its folder, else absolute.
    public var file: String
    public var format: AudiobookFormat
    /// Decoded duration of the whole file.
    public var duration: Seconds
    public var chapters: [Chapter]
    /// Hash of the chapters' cache keys, titles, format and tags: a rerun encodes
    /// the file again only when it changes.
    public var key: String

    public init(file: String, format: AudiobookFormat, duration: Seconds, chapters: [Chapter], key: String) {
        self.file = file
        self.format = format
        self.duration = duration
        self.chapters = chapters
        self.key = key
    }

    /// The chapter playing at `time` seconds into the single file and the time inside it.
    public func chapter(at time: Double) -> (index: Int, time: Double)? {
        guard time >= 0, let last = chapters.last, time <= duration.value + 0.0005 else { return nil }
        let hit = chapters.last { $0.start.value <= time } ?? last
        return (hit.index, max(0, time - hit.start.value))
    }
}
