/// Choices about what of a book is read aloud.
public struct NarrationOptions: Hashable, Sendable {
    /// Read footnote and endnote bodies where they stand (off by default: a
    /// listener hears the main text uninterrupted).
    public var includeNotes: Bool

    public init(includeNotes: Bool = false) {
        self.includeNotes = includeNotes
    }
}
