/// Why a book, or one document of it, cannot be read: what kind of fault,
/// the file (a path inside the book, or the book itself) and line, and the
/// underlying error when another layer reported it. Lesser faults are `BookWarning`s.
///
/// Renders as one line, `file: line N: reason`.
public struct BookError: Error, CustomStringConvertible {
    /// What a caller can tell apart.
    public enum Kind: String, Sendable, CaseIterable {
        /// The book (or a path in it) does not exist.
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
    }

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

    public var description: String {
        [file, line.map { "line \($0)" }, reason].compactMap { $0 }.joined(separator: ": ")
    }
}
