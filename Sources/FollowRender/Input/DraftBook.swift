/// A book read from another format, before it becomes an EPUB: metadata and
/// chapters whose bodies are XHTML fragments.
struct DraftBook: Hashable, Sendable {
    /// One chapter: its title (for the navigation document) and its body markup.
    struct Chapter: Hashable, Sendable {
        var title: String
        /// Well-formed XHTML for inside `<body>`, already escaped.
        var body: String
    }

    var title: String
    var authors: [String]
    /// BCP 47, or nil when the source names none (then guessed from the script).
    var language: String?
    var chapters: [Chapter]
}
