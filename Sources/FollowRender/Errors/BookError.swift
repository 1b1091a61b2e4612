import Foundation

/// Why a book the renderer reads, or one document of it, cannot be read: what
/// kind of fault, the file (a path inside the book, or the book itself) and
/// line, and the error of the layer below (the OS's `errno`, libzip's, libxml2's,
/// ICU's) when there is one. Lesser faults are `BookWarning`s.
///
/// Only the books the user gives (EPUB, text, Markdown, PDF, and the files they
/// name: a cover, a lexicon) fail with it. Our own files read back fail with
/// FollowTiming's `OwnFileError`, position queries with `PositionError`.
///
/// Renders as one line, `file: line N: reason`.
public struct BookError: CausedError {
    /// What a caller can tell apart. The raw values cross the worker protocol
    /// (`WorkerMessage`), so they are stable.
    public enum Kind: String, Sendable, CaseIterable {
        /// The book (or a path in it, or a file it names) does not exist.
        case notFound
        /// The operating system, libzip, a decoder or a parser could not read it.
        case unreadable
        /// Not a regular file (or a book folder) where one is read: a FIFO, a device, a socket.
        case notAFile
        /// Not an EPUB: not a ZIP, no package document, no spine.
        case notAnEPUB
        /// The archive's data is damaged or truncated.
        case corrupt
        /// Refused as hostile: paths escaping the book, links, size and ratio limits, entities.
        case unsafe
        /// A spine document is encrypted other than by font obfuscation.
        case drm
        /// A document is not well-formed XML, or a file read with the book (a
        /// cast file) has no line it can use.
        case malformed
        /// A document the book refers to is not in it.
        case missing
        /// ICU could not split the text into sentences and words.
        case segmentation
        /// The book (of any input format) has no text to narrate.
        case noText
        /// Larger than its format's limit (a cover image, a text book).
        case tooLarge
        /// An input setting cannot be used (a cover that is no image, a split
        /// pattern that is no regular expression): the `SettingError` cause says which.
        case setting
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
