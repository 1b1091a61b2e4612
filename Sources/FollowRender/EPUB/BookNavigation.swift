/// The book's table of contents as one flat list in reading order, each
/// entry knowing its level and its parent: the form every output's chapter
/// marks are made from (`NavigationResolver` places the entries in the
/// narration, `TOCBuilder` times them).
///
/// Built from `Book.toc` (the EPUB 3 nav, else the NCX, already bounded by
/// `TableOfContents`); a book built from text, Markdown or PDF has the
/// navigation document its conversion wrote, so it is read the same way.
public struct BookNavigation: Hashable, Sendable {
    /// One entry of the table of contents.
    public struct Entry: Hashable, Sendable {
        public var title: String
        /// 1 for a top-level entry.
        public var level: Int
        /// Container path of the target document.
        public var path: String
        public var fragment: String?
        /// Index in `entries` of the entry this one is nested in.
        public var parent: Int?
    }

    /// The navigation document or NCX the entries come from, which warnings name.
    public var document: String?
    /// Depth first, in the order the table of contents lists them.
    public var entries: [Entry]

    public init(book: Book) {
        document = book.tocDocument
        var entries: [Entry] = []
        var stack: [(entry: TOCEntry, level: Int, parent: Int?)] = book.toc.reversed().map { ($0, 1, nil) }
        while let (entry, level, parent) = stack.popLast() {
            let index = entries.count
            entries.append(Entry(title: entry.title, level: level, path: entry.path, fragment: entry.fragment, parent: parent))
            stack += entry.children.reversed().map { ($0, level + 1, index) }
        }
        self.entries = entries
    }

    /// The fragments entries name in the document at `path`.
    public func fragments(in path: String) -> Set<String> {
        Set(entries.lazy.filter { $0.path == path }.compactMap(\.fragment))
    }
}
