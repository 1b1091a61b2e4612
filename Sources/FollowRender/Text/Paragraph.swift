/// A block of narration text: sentences never cross from one paragraph into the next.
public struct Paragraph: Hashable, Sendable, Codable {
    /// What kind of block the paragraph came from; headings get longer pauses.
    public enum Kind: String, Hashable, Sendable, Codable {
        case heading
        case text
    }

    /// The paragraph's text, without the separating newline.
    public var range: TextRange
    public var kind: Kind
    /// A heading's level in its source (1 for `h1` … 6 for `h6`); nil for text and for headings of unknown level.
    public var level: Int?

    public init(range: TextRange, kind: Kind, level: Int? = nil) {
        self.range = range
        self.kind = kind
        self.level = level
    }
}
