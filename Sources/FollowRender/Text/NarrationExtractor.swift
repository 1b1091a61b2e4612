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

    /// The narration of a document, and the text of its first heading. The
    /// document is read as a stream (`XMLStream`): its tree is never built
    /// whole, so a long chapter takes about its narration text in memory.
    public func extract(_ data: Data, path: String, language: String) throws -> ExtractedDocument {
        try extract(XMLStream(data: data, path: path), language: language)
    }

    /// The narration of an already parsed document, for callers that need the document too.
    func extract(_ document: XMLDocument, language: String) -> ExtractedDocument {
        var empty = NarrationBuilder()
        guard let root = document.root else {
            return ExtractedDocument(text: empty.finish(), language: language, firstHeading: nil, semantics: DocumentSemantics())
        }
        var walk = Walk(options: options, capacity: document.sourceSize)
        let rootLanguage = Self.language(of: root) ?? language
        walk.visit(root, context: Walk.Context.root(rootLanguage))
        return walk.finish(language: rootLanguage, lexicons: root.elements(named: "head").first.map(Self.lexiconLinks(ofHead:)) ?? [],
                           semantics: Self.semantics(of: root))
    }

    /// `extract(_: XMLDocument, …)` of a document read node by node: elements
    /// are entered and left as the stream passes them, and only inline SVG, a
    /// `<br>` and the `<head>` are read whole (small subtrees the walk needs entire).
    func extract(_ stream: XMLStream, language: String) throws(BookError) -> ExtractedDocument {
        var walk = Walk(options: options, capacity: stream.sourceSize)
        /// An element being read: what its end does, and whether it is the `<body>`.
        struct Frame {
            var open: Walk.Open
            var isBody: Bool
        }
        var frames: [Frame] = []
        var root: (language: String, context: Walk.Context)?
        var lexicons: [PronunciationHints.LexiconLink]?
        var semantics = DocumentSemantics(document: [], sections: [])
        var bodySeen = false
        var skip = false
        while let event = try stream.next(skippingSubtree: skip) {
            skip = false
            switch event {
            case let .start(element, isEmpty):
                if root == nil {
                    let rootLanguage = Self.language(of: element) ?? language
                    root = (rootLanguage, Walk.Context.root(rootLanguage))
                    semantics.document += ElementRules.semantics(of: element).sorted()
                }
                guard let root else { continue }
                let context = frames.last?.open.inner ?? root.context
                let name = element.name
                if frames.count == 1, name == "head", lexicons == nil {
                    let head = isEmpty ? element : try stream.expand()
                    lexicons = Self.lexiconLinks(ofHead: head)
                    walk.visit(head, context: context)
                    skip = !isEmpty
                    continue
                }
                let isBody = frames.count == 1 && name == "body" && !bodySeen
                if isBody {
                    bodySeen = true
                    semantics.document += ElementRules.semantics(of: element).sorted()
                } else if frames.count == 2, frames[1].isBody, name == "section" {
                    semantics.sections.append(ElementRules.semantics(of: element).sorted())
                }
                switch walk.enter(element, context: context) {
                case .done:
                    if !isEmpty { _ = try stream.expand() }
                    skip = !isEmpty
                case let .whole(inner):
                    walk.visitWhole(isEmpty ? element : try stream.expand(), context: inner)
                    skip = !isEmpty
                case let .children(open):
                    if isEmpty { walk.exit(open) } else { frames.append(Frame(open: open, isBody: isBody)) }
                }
            case .end:
                if let frame = frames.popLast() { walk.exit(frame.open) }
            case let .text(node):
                if let context = frames.last?.open.inner { walk.visit(node, context: context) }
            case .other:
                continue
            }
        }
        guard let root else {
            var empty = NarrationBuilder()
            return ExtractedDocument(text: empty.finish(), language: language, firstHeading: nil, semantics: DocumentSemantics())
        }
        return walk.finish(language: root.language, lexicons: lexicons ?? [], semantics: semantics)
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

    /// The PLS lexicons a document's head links (`rel="pronunciation"`).
    static func lexiconLinks(ofHead head: XMLNode) -> [PronunciationHints.LexiconLink] {
        head.elements(named: "link").compactMap { link in
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
            /// Inside `h1`…`h6`: its level.
            var headingLevel: Int? = nil
            var preformatted: Bool
            /// Inside something not narrated: text nodes are still counted.
            var silent: Bool
            /// The nearest `ssml:alphabet`.
            var alphabet: String
            /// Inside an element with `ssml:ph`: its phonemes cover this text.
            var spokenAsPhonemes: Bool
            /// Inside a `<q>`.
            var quoted = false

            /// The context of the document element.
            static func root(_ language: String) -> Context {
                Context(language: language, kind: .text, preformatted: false, silent: false, alphabet: "ipa", spokenAsPhonemes: false)
            }
        }

        /// An element whose children are being visited, and what its end does.
        struct Open {
            var inner: Context
            var isBlock: Bool
            var start: Int
            var phoneme: String?
            /// A `<q>` outside any other: its text is a quotation.
            var isQuotation = false
        }

        /// How an element's content is visited.
        enum Entry {
            /// Child by child, then `exit`.
            case children(Open)
            /// Whole, by `visitWhole` (inline SVG: its rules look at the children).
            case whole(Context)
            /// Not at all (a `<br>`).
            case done
        }

        let options: NarrationOptions
        var builder: NarrationBuilder
        var textNodeCount = 0
        /// `ssml:ph` elements met, with untrimmed ranges.
        var phonemes: [PronunciationHints.Phonemes] = []
        /// Every element id met, and the narration offset where the element starts (the first one with that id).
        var anchors: [String: Int] = [:]
        /// Ids that appear more than once.
        var duplicateIDs: Set<String> = []
        /// The text of outermost `<q>` elements.
        var quotations: [TextRange] = []

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
                               kind: context.kind, level: context.headingLevel, preformatted: context.preformatted)
            case .element:
                visitElement(node, context: context)
            case .entityReference, .other:
                return
            }
        }

        private mutating func visitElement(_ element: XMLNode, context: Context) {
            switch enter(element, context: context) {
            case .done:
                return
            case let .whole(inner):
                visitWhole(element, context: inner)
            case let .children(open):
                for child in element.children { visit(child, context: open.inner) }
                exit(open)
            }
        }

        /// What an element's start does, and how its content is to be visited.
        mutating func enter(_ element: XMLNode, context: Context) -> Entry {
            let name = element.name
            if let id = element.attribute("id") ?? element.attribute("id", namespace: ElementRules.xmlNamespace), !id.isEmpty {
                if anchors[id] == nil { anchors[id] = builder.count } else { duplicateIDs.insert(id) }
            }
            var inner = context
            inner.silent = context.silent || isSilent(element, name: name)
            if let language = NarrationExtractor.language(of: element) { inner.language = language }
            if ElementRules.headings.contains(name) {
                inner.kind = .heading
                inner.headingLevel = Int(name.dropFirst())
            }
            if name == "pre" { inner.preformatted = true }
            if name == "br" {
                if !inner.silent { builder.lineBreak() }
                return .done
            }
            if name == "svg", element.namespace == ElementRules.svgNamespace { return .whole(inner) }
            if let alphabet = element.attribute("alphabet", namespace: PronunciationHints.ssmlNamespace) { inner.alphabet = alphabet }
            let phoneme = inner.spokenAsPhonemes || inner.silent
                ? nil : element.attribute("ph", namespace: PronunciationHints.ssmlNamespace)
            if phoneme != nil { inner.spokenAsPhonemes = true }
            let isBlock = ElementRules.blocks.contains(name)
            let isQuotation = name == "q" && !inner.quoted && !inner.silent
            if name == "q" { inner.quoted = true }
            let open = Open(inner: inner, isBlock: isBlock, start: builder.count, phoneme: phoneme, isQuotation: isQuotation)
            if isBlock, !inner.silent { builder.endParagraph() }
            return .children(open)
        }

        /// What an element's end does, after its children.
        mutating func exit(_ open: Open) {
            if open.isBlock, !open.inner.silent { builder.endParagraph() }
            if open.isQuotation, builder.count > open.start {
                quotations.append(TextRange(location: open.start, length: builder.count - open.start))
            }
            if let phoneme = open.phoneme, builder.count > open.start {
                phonemes.append(.init(range: TextRange(location: open.start, length: builder.count - open.start), phonemes: phoneme,
                                      alphabet: open.inner.alphabet, language: open.inner.language))
            }
        }

        /// Inline SVG, a paragraph of its own.
        mutating func visitWhole(_ svg: XMLNode, context inner: Context) {
            if !inner.silent { builder.endParagraph() }
            visitSVG(svg, context: inner, grouped: false)
            if !inner.silent { builder.endParagraph() }
        }

        /// The finished narration, its phoneme hints trimmed to the text.
        mutating func finish(language: String, lexicons: [PronunciationHints.LexiconLink],
                             semantics: DocumentSemantics) -> ExtractedDocument {
            var text = builder.finish()
            text.quotations = quotations
            text.pronunciation = PronunciationHints(phonemes: phonemes.compactMap { $0.trimmed(in: text.text) }, lexicons: lexicons)
            let heading = text.paragraphs.first { $0.kind == .heading }.map { text.substring($0.range) }
            return ExtractedDocument(text: text, language: language, firstHeading: heading, semantics: semantics,
                                     anchors: anchors, duplicateIDs: duplicateIDs)
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
    /// Element ids and the narration offset at each element's start (where its narrated text, if any, begins).
    public var anchors: [String: Int] = [:]
    /// Ids that appear on more than one element (the first is in `anchors`).
    public var duplicateIDs: Set<String> = []
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
