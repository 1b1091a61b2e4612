/// A book read from another format, before it becomes an EPUB: metadata and
/// chapters whose bodies are XHTML fragments.
struct DraftBook: Hashable, Sendable {
    /// One chapter: its title (for the navigation document), its body markup,
    /// and the headings below the chapter level it holds (its entries in the
    /// navigation document, nested under the chapter's).
    struct Chapter: Hashable, Sendable {
        var title: String
        /// Well-formed XHTML for inside `<body>`, already escaped.
        var body: String
        /// In reading order; each names the id of its element in `body`.
        var sections: [Section] = []
    }

    /// A heading inside a chapter: a Markdown `##`…`######` below the chapter's
    /// level, a PDF bookmark below the chapter's.
    struct Section: Hashable, Sendable {
        var title: String
        /// 1: just below the chapter; deeper sections nest under the one before them.
        var depth: Int
        /// The id of the element the section begins at, unique in its chapter's document.
        var id: String

        /// The id of a chapter's `number`th section (from 1); never a chapter's own id (`chapter-N`).
        static func id(_ number: Int) -> String { "section-\(number)" }
    }

    var title: String
    var authors: [String]
    /// BCP 47, or nil when the source names none (then guessed from the script).
    var language: String?
    var chapters: [Chapter]
}
