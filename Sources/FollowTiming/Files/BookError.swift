/// Why a book, or one document of it, cannot be read: what kind of fault,
/// the file (a path inside the book, or the book itself) and line, and the
/// underlying error when another layer reported it. Lesser faults are `BookWarning`s.
/// A rendered folder read back (`RenderedBook`: `book.json` and the timing
/// sidecars) fails with the same error and its own kinds, and so does a
/// position query on it (`PositionIndex`).
///
/// It lives in FollowTiming because its readers and queries throw it; the kinds
/// of reading a book (`notAnEPUB`, `drm`, `malformed` …) come only from the renderer.
///
/// Renders as one line, `file: line N: reason`.
public struct BookError: Error, CustomStringConvertible {
    /// What a caller can tell apart.
    public enum Kind: String, Sendable, CaseIterable {
        /// The book (or a path in it, or a rendered folder or file) does not exist.
        case notFound
        /// The operating system or libzip could not read it.
        case unreadable
        /// Not an EPUB: not a ZIP, no package document, no spine.
        case notAnEPUB
        /// The archive's data is damaged or truncated.
        case corrupt
        /// Refused as hostile: paths escaping the book, links, size and ratio limits, entities.
        case unsafe
        /// A spine document is encrypted other than by font obfuscation.
        case drm
        /// A document is not well-formed XML.
        case malformed
        /// A document the book refers to is not in it.
        case missing
        /// ICU could not split the text into sentences and words.
        case segmentation
        /// The book (of any input format) has no text to narrate.
        case noText
        /// An input option (`--cover`, `--split-on` …) cannot be used.
        case badOption
        /// A `book.json` or timing sidecar is not JSON at all.
        case notJSON
        /// A required field of `book.json` or a sidecar is missing or null.
        case missingField
        /// A field of `book.json` or a sidecar has the wrong JSON type.
        case wrongType
        /// JSON, but not a follow-render `book.json` or sidecar (`format`).
        case wrongFormat
        /// Written by a newer follow-render (`version`).
        case newerVersion
        /// A sidecar is not the chapter `book.json` says it is.
        case mismatch
        /// A rendered value is impossible: a range outside the text or out of
        /// order, a time that is not finite, negative, out of order or past the audio.
        case invalid
        /// A file of ours read back (`book.json`, a sidecar, a batch result) is
        /// larger than its reader takes (`OwnFile`), or a book is larger than its format's limit.
        case tooLarge
        /// Not a regular file where one is read: a folder, a FIFO, a device or a socket.
        case notAFile
        /// A position query (`PositionIndex`): the chapter is not in the rendered folder.
        case notRendered
        /// A position query: the time is negative, not finite, or outside the audiobook.
        case notATime
        /// A position query: the offset is outside the chapter's text.
        case outsideText
        /// A position query: the chapter has no timed words to answer with.
        case noTimedWords
        /// A position query: a single-file time was given, but the render has no single-file audiobook.
        case noAudiobook
    }

    /// What went wrong, for callers to switch on (messages are for people).
    public var kind: Kind
    /// The file at fault, when one is.
    public var file: String?
    /// The line in `file`, when the parser said.
    public var line: Int?
    /// One line saying what is wrong.
    public var reason: String
    /// The error that caused this one, when there is one.
    public var cause: (any Error)?

    public init(_ kind: Kind, file: String? = nil, line: Int? = nil, _ reason: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.file = file
        self.line = line
        self.reason = reason
        self.cause = cause
    }

    /// `file: line N: reason`, one line.
    public var description: String {
        [file, line.map { "line \($0)" }, reason].compactMap { $0 }.joined(separator: ": ")
    }
}
