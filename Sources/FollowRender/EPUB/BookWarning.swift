/// A recoverable fault: the book is read anyway, and the user is told once.
public struct BookWarning: Hashable, Sendable, CustomStringConvertible {
    /// What a caller (or a test) can tell apart; faults not told apart yet are `other`.
    public enum Kind: String, Hashable, Sendable {
        case other
        /// Markdown nested deeper than the reader recurses: the deeper text is read flattened.
        case deepNesting
        /// The cover is larger than what is embedded in each chapter's audio: left out of the tags.
        case coverTooLarge
        /// Table-of-contents entries linking outside the book (another book, a web page, a `../` path): dropped.
        case navigationOutside
        /// Table-of-contents entries pointing at a file that is not in the book: dropped.
        case navigationMissingFile
        /// Table-of-contents entries pointing at an id their document does not have: placed at the document's start.
        case navigationMissingTarget
        /// An id a table-of-contents entry points at appears more than once: the first is used.
        case navigationDuplicateID
        /// Table-of-contents entries that go back in reading order: left out of the marks.
        case navigationOrder
        /// A table of contents longer than read, nested deeper than kept, or with labels cut or cleaned.
        case navigationTooLarge
        case navigationTooDeep
        case navigationLongLabel
        case navigationControlCharacters
    }

    public var kind: Kind
    public var message: String

    public init(_ message: String, kind: Kind = .other) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
