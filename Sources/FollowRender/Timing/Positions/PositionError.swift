/// A position query that cannot be answered: what kind of query failed and one line saying why.
public struct PositionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What a caller can tell apart.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The chapter is not in the rendered folder.
        case notRendered
        /// The time is negative or not finite.
        case notATime
        /// The offset is outside the chapter's text.
        case outsideText
        /// The chapter has no timed words to answer with.
        case noTimedWords
        /// A single-file time was given, but the render has no single-file audiobook.
        case noAudiobook
    }

    public var kind: Kind
    public var reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}
