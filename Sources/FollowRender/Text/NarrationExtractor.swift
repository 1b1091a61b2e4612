import Foundation

/// Turns one XHTML content document into the text a listener should hear.
///
/// Reading order is document order. Hidden content, page-break markers, note
/// references, navigation, scripts and ruby annotations are left out; note
/// bodies too unless `NarrationOptions.includeNotes` is set. Of inline SVG only
/// the `<text>` elements are heard (see `visitSVG`). Text nodes are
/// counted in document order over the whole document (see `SourceSpan`).
public struct NarrationExtractor {
    public var options: NarrationOptions

    public init(options: NarrationOptions = NarrationOptions()) {
        self.options = options
    }

    /// The narration of a document, and the text of its first heading.
    public func extract(_ data: Data, path: String, language: String) throws -> ExtractedDocument {
        try extract(XMLDocument(data: data, path: path), language: language)
    }

    /// The narration of an already parsed document, for callers that need the document too.
    func extract(_ document: XMLDocument, language: String) -> ExtractedDocument {
        var empty = NarrationBuilder()
        guard let root = document.root else {
            return ExtractedDocument(text: empty.finish(), language: language, firstHeading: nil, semantics: DocumentSemantics())
        }
        var walk = Walk(options: options, capacity: document.sourceSize)
        let rootLanguage = Self.language(of: root) ?? language
        walk.visit(root, context: Walk.Context(language: rootLanguage, kind: .text, preformatted: false, silent: false,
                                               alphabet: "ipa", spokenAsPhonemes: false))
        var text = walk.builder.finish()
        text.pronunciation = PronunciationHints(phonemes: walk.phonemes.compactMap { $0.trimmed(in: text.text) },
                                                lexicons: Self.lexiconLinks(of: root))
        let heading = text.paragraphs.first { $0.kind == .heading }.map { text.substring($0.range) }
        return ExtractedDocument(text: text, language: rootLanguage, firstHeading: heading, semantics: Self.semantics(of: root))
    }

    /// The semantic tokens of the root, its `<body>` and the body's top-level sections.
    static func semantics(of root: XMLNode) -> DocumentSemantics {
        let body = root.elements(named: "body").first
        let sections = body?.elements.filter { $0.name == "section" } ?? []
        return DocumentSemantics(
            document: ([root] + (body.map { [$0] } ?? [])).flatMap { ElementRules.semantics(of: $0).sorted() },
            sections: sections.map { ElementRules.semantics(of: $0).sorted() }
        )
    }

    /// The element's own `xml:lang` or `lang`, if any.
    static func language(of element: XMLNode) -> String? {
        let value = element.attribute("lang", namespace: ElementRules.xmlNamespace) ?? element.attribute("lang")
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// The PLS lexicons the document's head links (`rel="pronunciation"`).
    static func lexiconLinks(of root: XMLNode) -> [PronunciationHints.LexiconLink] {
        guard let head = root.elements(named: "head").first else { return [] }
        return head.elements(named: "link").compactMap { link in
            let rel = (link.attribute("rel") ?? "").lowercased().split(separator: " ")
            let type = link.attribute("type")?.lowercased()
            guard rel.contains("pronunciation"), type == nil || type == "application/pls+xml",
                  let href = link.attribute("href"), !href.isEmpty else { return nil }
            return PronunciationHints.LexiconLink(href: href, language: link.attribute("hreflang"))
        }
    }

    /// One pass over a document, numbering text nodes as it goes.
    private struct Walk {
        struct Context {
            var language: String
            var kind: Paragraph.Kind
            var preformatted: Bool
            /// Inside something not narrated: text nodes are still counted.
            var silent: Bool
            /// The nearest `ssml:alphabet`.
            var alphabet: String
            /// Inside an element with `ssml:ph`: its phonemes cover this text.
            var spokenAsPhonemes: Bool
        }

        let options: NarrationOptions
        var builder: NarrationBuilder
        var textNodeCount = 0
        /// `ssml:ph` elements met, with untrimmed ranges.
        var phonemes: [PronunciationHints.Phonemes] = []

        init(options: NarrationOptions, capacity: Int) {
            self.options = options
            builder = NarrationBuilder(capacity: capacity)
        }

        mutating func visit(_ node: XMLNode, context: Context) {
            switch node.kind {
            case .text:
                let index = textNodeCount
                textNodeCount += 1
                guard !context.silent else { return }
                builder.append(Array(node.content.utf16), node: index, language: context.language,
                               kind: context.kind, preformatted: context.preformatted)
            case .element:
                visitElement(node, context: context)
            case .entityReference, .other:
                return
            }
        }

        private mutating func visitElement(_ element: XMLNode, context: Context) {
            let name = element.name
            var inner = context
            inner.silent = context.silent || isSilent(element, name: name)
            if let language = NarrationExtractor.language(of: element) { inner.language = language }
            if ElementRules.headings.contains(name) { inner.kind = .heading }
            if name == "pre" { inner.preformatted = true }
            if name == "br" {
                if !inner.silent { builder.lineBreak() }
                return
            }
            if name == "svg", element.namespace == ElementRules.svgNamespace {
                if !inner.silent { builder.endParagraph() }
                visitSVG(element, context: inner, grouped: false)
                if !inner.silent { builder.endParagraph() }
                return
            }
            if let alphabet = element.attribute("alphabet", namespace: PronunciationHints.ssmlNamespace) { inner.alphabet = alphabet }
            let phoneme = inner.spokenAsPhonemes || inner.silent
                ? nil : element.attribute("ph", namespace: PronunciationHints.ssmlNamespace)
            if phoneme != nil { inner.spokenAsPhonemes = true }
            let start = builder.count
            let isBlock = ElementRules.blocks.contains(name)
            if isBlock, !inner.silent { builder.endParagraph() }
            for child in element.children { visit(child, context: inner) }
            if isBlock, !inner.silent { builder.endParagraph() }
            if let phoneme, builder.count > start {
                phonemes.append(.init(range: TextRange(location: start, length: builder.count - start), phonemes: phoneme,
                                      alphabet: inner.alphabet, language: inner.language))
            }
        }

        /// The children of an SVG container. A `<text>` is a paragraph, except in
        /// a `<g>`, whose `<text>` elements are the lines of one paragraph (as
        /// converted print pages set them); `<a>` and `<switch>` pass through.
        /// Titles, descriptions, definitions, scripts and images are silent.
        private mutating func visitSVG(_ container: XMLNode, context: Context, grouped: Bool) {
            var lines = 0
            for child in container.children {
                var inner = context
                inner.silent = context.silent || child.kind != .element || ElementRules.isHidden(child)
                if let language = NarrationExtractor.language(of: child) { inner.language = language }
                switch (inner.silent, child.name) {
                case (false, "text"):
                    if !grouped { builder.endParagraph() } else if lines > 0 { builder.joinLine() }
                    lines += 1
                    visitSVGText(child, context: inner)
                    if !grouped { builder.endParagraph() }
                case (false, "g"), (false, "a"), (false, "switch"):
                    builder.endParagraph()
                    visitSVG(child, context: inner, grouped: child.name == "g")
                    builder.endParagraph()
                default:
                    inner.silent = true
                    visit(child, context: inner)
                }
            }
        }

        /// The content of an SVG `<text>`: a `<tspan>` placed with `x`, `y` or `dy` starts a new line.
        private mutating func visitSVGText(_ element: XMLNode, context: Context) {
            for child in element.children {
                guard child.kind == .element else {
                    visit(child, context: context)
                    continue
                }
                var inner = context
                inner.silent = context.silent || ElementRules.isHidden(child) || !["tspan", "textPath", "a"].contains(child.name)
                if let language = NarrationExtractor.language(of: child) { inner.language = language }
                if !inner.silent, child.name == "tspan", ["x", "y", "dy"].contains(where: { child.attribute($0) != nil }) {
                    builder.joinLine()
                }
                visitSVGText(child, context: inner)
            }
        }

        private func isSilent(_ element: XMLNode, name: String) -> Bool {
            if ElementRules.silent.contains(name) || ElementRules.isHidden(element) { return true }
            let semantics = ElementRules.semantics(of: element)
            if !semantics.isDisjoint(with: ElementRules.skippedSemantics) { return true }
            return !options.includeNotes && !semantics.isDisjoint(with: ElementRules.noteSemantics)
        }
    }
}

/// The narration of one content document.
public struct ExtractedDocument: Hashable, Sendable {
    public var text: ChapterText
    /// The document's own language, else the book's.
    public var language: String
    /// The text of the first heading, a fallback chapter title.
    public var firstHeading: String?
    /// What the document says it is (`epub:type`, `role`), for its matter.
    public var semantics: DocumentSemantics
}

extension ChapterText {
    /// The characters of `range`.
    public func substring(_ range: TextRange) -> String {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.location)
        let end = utf16.index(start, offsetBy: range.length)
        return String(utf16[start..<end]) ?? String(decoding: Array(utf16[start..<end]), as: UTF16.self)
    }
}

private extension PronunciationHints.Phonemes {
    /// The hint with its range trimmed of the whitespace and newlines the
    /// builder emitted around the element's text; nil when nothing is left.
    func trimmed(in text: String) -> Self? {
        let units = Array(text.utf16[text.utf16.index(text.utf16.startIndex, offsetBy: range.location)...]
            .prefix(range.length))
        var start = 0
        var end = units.count
        while start < end, CodeUnit.isWhitespace(units[start]) { start += 1 }
        while end > start, CodeUnit.isWhitespace(units[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var trimmed = self
        trimmed.range = TextRange(location: range.location + start, length: end - start)
        return trimmed
    }
}
