/// What a worker reports about a rendered chapter.
public struct ChapterResult: Hashable, Sendable, Codable {
    public var index: Int
    public var href: String
    public var title: String
    /// The chapter's audio file; nil with `--format none` (its audio is in the single file only).
    public var audio: String?
    public var timing: String
    public var duration: Seconds
    public var sentences: Int
    public var words: Int
    public var sampleRate: Int
    /// Languages read with the fallback voice because none of their own is
    /// installed (filled in by the parent, which chose the voices).
    public var unvoicedLanguages: [String]
    /// Set when the worker rendered one slice of a split chapter, which the parent joins.
    public var slice: SliceResult?
}
