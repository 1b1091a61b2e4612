/// Markdown as chapters of XHTML: each heading of the top level used starts
/// a chapter (a single top heading that opens the document is the book's
/// title and the next level splits instead); the headings below that level
/// are the chapter's sections (entries of the navigation document, nested,
/// at ids on the heading elements). Emphasis, links, lists, block
/// quotes, tables and code become the XHTML an EPUB would have; code blocks
/// are marked `aria-hidden` so that they are not narrated unless `readCode`.
/// Raw HTML and images are left out.
struct MarkdownBook {
    var chapters: [DraftBook.Chapter]
    /// The title of a lone top heading opening the document, if any.
    var headingTitle: String? = nil

    /// Faults read anyway: nesting deeper than `MarkdownDocument.maximumDepth`, read flattened.
    var warnings: [BookWarning] = []

    init(markdown: String, fallbackTitle: String, readCode: Bool) throws(BookError) {
        let document = try MarkdownDocument(markdown)
        if document.isFlattened {
            warnings.append(BookWarning("Markdown nested deeper than \(MarkdownDocument.maximumDepth) levels: "
                + "the text below that depth is read as plain paragraphs", kind: .deepNesting))
        }
        let blocks = document.tree.children
        let levels = blocks.filter { $0.kind == "heading" }.map(\.level)
        var splitLevel = levels.min() ?? 0
        var body = blocks[...]
        if let first = blocks.first, first.kind == "heading", first.level == splitLevel,
           levels.filter({ $0 == splitLevel }).count == 1, let next = levels.filter({ $0 > splitLevel }).min() {
            headingTitle = first.plainText
            splitLevel = next
            body = blocks.dropFirst()
        }
        var drafts: [(title: String?, blocks: [MarkdownNode])] = [(nil, [])]
        for block in body {
            if block.kind == "heading", block.level == splitLevel {
                drafts.append((block.plainText, [block]))
            } else {
                drafts[drafts.count - 1].blocks.append(block)
            }
        }
        if drafts[0].blocks.isEmpty { drafts.removeFirst() }
        let renderer = Renderer(readCode: readCode)
        let title = headingTitle ?? fallbackTitle
        chapters = drafts.map { draft in
            var chapter = DraftBook.Chapter(title: draft.title ?? title, body: "")
            for block in draft.blocks {
                let heading = block.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
                guard block.kind == "heading", block.level > splitLevel, !heading.isEmpty else {
                    chapter.body += renderer.block(block)
                    continue
                }
                let id = DraftBook.Section.id(chapter.sections.count + 1)
                chapter.sections.append(DraftBook.Section(title: heading, depth: block.level - splitLevel, id: id))
                chapter.body += renderer.heading(block, id: id)
            }
            return chapter
        }
    }

    /// Markdown nodes to XHTML.
    private struct Renderer {
        var readCode: Bool

        func block(_ node: MarkdownNode) -> String {
            switch node.kind {
            case "paragraph":
                // A paragraph too long for one text node of the document becomes several.
                guard node.plainText.utf16.count > LongParagraph.limit else { return "<p>\(inlines(node.children))</p>\n" }
                return LongParagraph.pieces(inlines(node.children).replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression))
                    .map { "<p>\($0)</p>\n" }.joined()
            case "heading": return heading(node, id: nil)
            case "block_quote": return "<blockquote>\n\(node.children.map(block).joined())</blockquote>\n"
            case "list":
                let tag = node.ordered ? "ol" : "ul"
                let start = node.ordered && node.level != 1 ? " start=\"\(node.level)\"" : ""
                let items = node.children.map { item in
                    let content = item.children.map { child in
                        node.tight && child.kind == "paragraph" ? inlines(child.children) + "\n" : block(child)
                    }
                    return "<li>\(content.joined())</li>\n"
                }
                return "<\(tag)\(start)>\n\(items.joined())</\(tag)>\n"
            case "code_block":
                let hidden = readCode ? "" : " aria-hidden=\"true\""
                return "<pre\(hidden)><code>\(XMLEscaping.escaped(node.literal))</code></pre>\n"
            case "thematic_break": return "<hr/>\n"
            case "table": return table(node)
            default: return ""
            }
        }

        /// A heading element, with `id` when it is a section of the navigation document.
        func heading(_ node: MarkdownNode, id: String?) -> String {
            "<h\(node.level)\(id.map { " id=\"\($0)\"" } ?? "")>\(inlines(node.children))</h\(node.level)>\n"
        }

        private func table(_ node: MarkdownNode) -> String {
            let header = node.children.filter(\.header)
            let rows = node.children.filter { !$0.header }
            let row = { (row: MarkdownNode, cell: String) in
                "<tr>" + row.children.map { "<\(cell)>\(inlines($0.children))</\(cell)>" }.joined() + "</tr>\n"
            }
            var markup = "<table>\n"
            if !header.isEmpty { markup += "<thead>\n" + header.map { row($0, "th") }.joined() + "</thead>\n" }
            if !rows.isEmpty { markup += "<tbody>\n" + rows.map { row($0, "td") }.joined() + "</tbody>\n" }
            return markup + "</table>\n"
        }

        /// Inline markup; a soft line break between two CJK characters joins them without a space.
        func inlines(_ nodes: [MarkdownNode]) -> String {
            nodes.indices.map { index in
                if nodes[index].kind == "softbreak", index > 0, index + 1 < nodes.count,
                   let before = nodes[index - 1].plainText.last, let after = nodes[index + 1].plainText.first,
                   PlainTextBook.isWide(before) || PlainTextBook.isWide(after) {
                    return ""
                }
                return inline(nodes[index])
            }.joined()
        }

        private func inline(_ node: MarkdownNode) -> String {
            switch node.kind {
            case "text": return XMLEscaping.escaped(node.literal)
            case "softbreak": return "\n"
            case "linebreak": return "<br/>\n"
            case "code": return "<code>\(XMLEscaping.escaped(node.literal))</code>"
            case "emph": return "<em>\(inlines(node.children))</em>"
            case "strong": return "<strong>\(inlines(node.children))</strong>"
            case "strikethrough": return "<del>\(inlines(node.children))</del>"
            case "link":
                // Only absolute links: a relative one would point at a file the EPUB does not have.
                guard Self.isAbsolute(node.literal) else { return "<span>\(inlines(node.children))</span>" }
                return "<a href=\"\(XMLEscaping.escaped(node.literal))\">\(inlines(node.children))</a>"
            default: return ""
            }
        }

        private static func isAbsolute(_ url: String) -> Bool {
            ["http://", "https://", "mailto:"].contains { url.lowercased().hasPrefix($0) } && !url.contains(" ")
        }
    }
}
