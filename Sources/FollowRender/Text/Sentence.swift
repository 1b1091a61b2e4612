/// A sentence of narration text with the words a listener hears in it.
public struct Sentence: Hashable, Sendable, Codable {
    /// The sentence, trimmed of surrounding whitespace.
    public var range: TextRange
    /// Word-like segments (letters, digits, ideographs, kana) inside `range`, in order.
    public var words: [TextRange]

    public init(range: TextRange, words: [TextRange]) {
        self.range = range
        self.words = words
    }
}
