/// A recoverable fault: the book is read anyway, and the user is told once.
public struct BookWarning: Hashable, Sendable, CustomStringConvertible {
    /// What a caller (or a test) can tell apart; faults not told apart yet are `other`.
    public enum Kind: String, Hashable, Sendable {
        case other
        /// Markdown nested deeper than the reader recurses: the deeper text is read flattened.
        case deepNesting
        /// The cover is larger than what is embedded in each chapter's audio: left out of the tags.
        case coverTooLarge
    }

    public var kind: Kind
    public var message: String

    public init(_ message: String, kind: Kind = .other) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
