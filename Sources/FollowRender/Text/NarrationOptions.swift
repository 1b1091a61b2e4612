/// Choices about what of a book is read aloud.
public struct NarrationOptions: Hashable, Sendable {
    /// Read footnote and endnote bodies where they stand (off by default: a
    /// listener hears the main text uninterrupted).
    public var includeNotes: Bool
    /// Which spine documents are read: all, or only body matter (`ChapterMatter`).
    public var matter: MatterSelection

    public init(includeNotes: Bool = false, matter: MatterSelection = .all) {
        self.includeNotes = includeNotes
        self.matter = matter
    }
}
