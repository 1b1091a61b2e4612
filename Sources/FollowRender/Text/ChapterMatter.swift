/// Whether a spine document is body matter (the book proper) or front or back
/// matter, and which kind: what `--matter body` leaves out and `inspect` shows.
public struct ChapterMatter: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `body`, or the kind of front or back matter (`titlepage`, `copyright-page`,
    /// `toc`, `frontmatter` …).
    public var kind: String

    public init(kind: String) { self.kind = kind }

    public static let body = ChapterMatter(kind: "body")

    public var isBody: Bool { kind == "body" }

    public var description: String { kind }

    /// `epub:type` / `role` kinds that are not body matter (`doc-` roles included).
    static let notBody: Set<String> = [
        "titlepage", "halftitlepage", "imprint", "colophon", "copyright-page", "toc", "index", "loi", "lot",
        "endnotes", "dedication", "cover", "frontmatter", "backmatter",
    ]

    /// Kinds that mark the book proper.
    static let bodyKinds: Set<String> = ["bodymatter", "chapter", "part"]

    /// The matter of spine item `item` of `book`, whose document carries the
    /// semantic tokens `semantics` (see `ExtractedDocument.semantics`).
    ///
    /// The document's own `epub:type` / `role` decide first; then a landmark (or
    /// EPUB 2 guide reference) pointing at it; then its place: before the
    /// `bodymatter` landmark it is front matter, from the `backmatter` landmark on
    /// it is back matter. Anything else is body matter.
    static func of(_ item: SpineItem, semantics: DocumentSemantics, book: Book) -> ChapterMatter {
        if let kind = semantics.document.lazy.compactMap(kind).first { return kind }
        if !semantics.sections.isEmpty, let first = semantics.sections.first.flatMap({ $0.lazy.compactMap(kind).first }),
           semantics.sections.allSatisfy({ $0.contains { kind($0).map { !$0.isBody } ?? false } }) {
            return first
        }
        if let landmark = book.landmarks.first(where: { $0.path == item.path }), let kind = kind(landmark.type) { return kind }
        let position = { (type: String) in
            book.landmarks.first { $0.type == type }.flatMap { landmark in book.spine.first { $0.path == landmark.path }?.index }
        }
        if let start = position("bodymatter"), item.index < start { return ChapterMatter(kind: "frontmatter") }
        if let start = position("backmatter"), item.index >= start { return ChapterMatter(kind: "backmatter") }
        return .body
    }

    /// The matter a semantic token names, nil for tokens about neither.
    private static func kind(_ token: String) -> ChapterMatter? {
        let name = token.hasPrefix("doc-") ? String(token.dropFirst(4)) : token
        if notBody.contains(name) { return ChapterMatter(kind: name) }
        return bodyKinds.contains(name) ? .body : nil
    }
}

/// The semantic tokens (`epub:type`, `role`) of a document's root and `<body>`,
/// and of each `<section>` directly in the body.
public struct DocumentSemantics: Hashable, Sendable {
    public var document: [String]
    public var sections: [[String]]

    public init(document: [String] = [], sections: [[String]] = []) {
        self.document = document
        self.sections = sections
    }
}

/// Which matter is narrated: `all` (the default) or only `body`.
public enum MatterSelection: String, Hashable, Sendable, CaseIterable {
    case all, body
}
