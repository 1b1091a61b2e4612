/// How XHTML elements shape narration: which end a paragraph, which are
/// headings, and which a listener never hears.
enum ElementRules {
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
        "h4", "h5", "h6", "header", "hgroup", "hr", "legend", "li", "main", "ol", "p", "pre",
        "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ]

    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// Elements whose content is never narrated: metadata, code, annotations
    /// read twice (ruby), media fallbacks and navigation.
    static let silent: Set<String> = [
        "head", "script", "style", "template", "noscript", "nav", "rt", "rp", "img",
        "math", "audio", "video", "object", "iframe", "canvas", "embed", "input", "select", "textarea", "button",
    ]

    /// `epub:type` / `role` values that mark content a listener should not hear.
    static let skippedSemantics: Set<String> = [
        "pagebreak", "doc-pagebreak", "noteref", "doc-noteref", "toc", "doc-toc", "landmarks", "page-list",
        "doc-pagelist",
    ]

    /// `epub:type` / `role` values of note bodies, read only when asked.
    static let noteSemantics: Set<String> = [
        "footnote", "endnote", "endnotes", "rearnote", "rearnotes", "footnotes",
        "doc-footnote", "doc-endnote", "doc-endnotes",
    ]

    static let epubNamespace = "http://www.idpf.org/2007/ops"
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The semantic tokens of an element: its `epub:type` and `role` values.
    static func semantics(of element: XMLNode) -> Set<String> {
        let values = [element.attribute("type", namespace: epubNamespace), element.attribute("role")]
        return Set(values.compactMap { $0 }.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) })
    }

    /// Whether the element hides itself from everyone, listeners included.
    static func isHidden(_ element: XMLNode) -> Bool {
        if element.attribute("hidden") != nil { return true }
        if element.attribute("aria-hidden")?.lowercased() == "true" { return true }
        guard let style = element.attribute("style") else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }
}
