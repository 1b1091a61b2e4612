import CCmark

/// A Markdown document parsed by cmark-gfm (CommonMark with GitHub's table,
/// strikethrough and autolink extensions). Owns the cmark tree and frees it
/// in `deinit`; what callers see is the value tree of `MarkdownNode`s.
final class MarkdownDocument {
    private let root: OpaquePointer

    private static let extensions = ["table", "strikethrough", "autolink"]

    init(_ text: String) throws(BookError) {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { throw BookError(.unreadable, "Markdown: cannot start the parser") }
        defer { cmark_parser_free(parser) }
        for name in Self.extensions {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { throw BookError(.unreadable, "Markdown: the parser failed") }
        self.root = root
    }

    deinit { cmark_node_free(root) }

    /// The whole document as values.
    var tree: MarkdownNode { Self.node(root, depth: 0, parent: "") }

    /// Whether the document nests deeper than `maximumDepth`, so that `tree`
    /// holds its deeper parts flattened.
    var isFlattened: Bool {
        guard let iterator = cmark_iter_new(root) else { return false }
        defer { cmark_iter_free(iterator) }
        var depth = 0
        while true {
            switch cmark_iter_next(iterator) {
            case CMARK_EVENT_DONE: return false
            case CMARK_EVENT_ENTER:
                // Leaves (text, code, breaks) get no exit event.
                if cmark_node_first_child(cmark_iter_get_node(iterator)) != nil || Self.isContainer(cmark_iter_get_node(iterator)) {
                    depth += 1
                    if depth > Self.maximumDepth { return true }
                }
            case CMARK_EVENT_EXIT: depth -= 1
            default: return false
            }
        }
    }

    /// Nesting deeper than this (hostile input) is read flattened, its text
    /// as one paragraph, rather than recursed into (which would overflow the stack).
    static let maximumDepth = 200

    private static func node(_ pointer: OpaquePointer, depth: Int, parent: String) -> MarkdownNode {
        if depth > maximumDepth { return flattened(pointer, under: parent) }
        let string = { (value: UnsafePointer<CChar>?) in value.map { String(cString: $0) } }
        var node = MarkdownNode(kind: string(cmark_node_get_type_string(pointer)) ?? "")
        switch node.kind {
        case "text", "code", "code_block", "html_block", "html_inline":
            node.literal = string(cmark_node_get_literal(pointer)) ?? ""
        case "heading":
            node.level = Int(cmark_node_get_heading_level(pointer))
        case "list":
            node.ordered = cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST
            node.level = Int(cmark_node_get_list_start(pointer))
            node.tight = cmark_node_get_list_tight(pointer) != 0
        case "link", "image":
            node.literal = string(cmark_node_get_url(pointer)) ?? ""
        case "table_header":
            // cmark-gfm names a header row `table_header`; it is a row like the others.
            node.kind = "table_row"
            node.header = true
        default:
            break
        }
        var child = cmark_node_first_child(pointer)
        while let current = child {
            node.children.append(Self.node(current, depth: depth + 1, parent: node.kind))
            child = cmark_node_next(current)
        }
        return node
    }

    /// The node at `pointer` and everything inside it as plain text (walked
    /// with cmark's iterator, without recursion), in the shape its parent
    /// takes: text inside inline markup, an item in a list, else a paragraph.
    private static func flattened(_ pointer: OpaquePointer, under parent: String) -> MarkdownNode {
        var text = ""
        if let iterator = cmark_iter_new(pointer) {
            defer { cmark_iter_free(iterator) }
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard let current = cmark_iter_get_node(iterator) else { continue }
                let kind = cmark_node_get_type_string(current).map { String(cString: $0) } ?? ""
                if event == CMARK_EVENT_ENTER, ["text", "code"].contains(kind) {
                    text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
                } else if event == CMARK_EVENT_ENTER ? ["softbreak", "linebreak"].contains(kind) : !isInline(kind), text.last != " " {
                    text += " "
                }
            }
        }
        let leaf = MarkdownNode(kind: "text", literal: text.trimmingCharacters(in: .whitespaces))
        if ["paragraph", "heading", "emph", "strong", "strikethrough", "link", "table_cell"].contains(parent) { return leaf }
        let paragraph = MarkdownNode(kind: "paragraph", children: [leaf])
        return parent == "list" ? MarkdownNode(kind: "item", children: [paragraph]) : paragraph
    }

    private static func isInline(_ kind: String) -> Bool {
        ["text", "code", "emph", "strong", "strikethrough", "link", "image", "softbreak", "linebreak", "html_inline"].contains(kind)
    }

    /// Blocks that may be empty and still get an exit event.
    private static func isContainer(_ node: OpaquePointer?) -> Bool {
        let kind = node.flatMap { cmark_node_get_type_string($0) }.map { String(cString: $0) } ?? ""
        return !["text", "code", "softbreak", "linebreak", "html_inline", "html_block", "code_block", "thematic_break"].contains(kind)
    }
}

/// One node of a parsed Markdown document, by cmark's type name
/// (`paragraph`, `heading`, `list`, `item`, `code_block`, `table_row` …).
struct MarkdownNode: Hashable, Sendable {
    var kind: String
    /// Text of `text`/`code` nodes, the URL of links and images.
    var literal = ""
    /// Heading level, or an ordered list's start number.
    var level = 0
    var ordered = false
    var tight = false
    /// Whether a table row is the header row.
    var header = false
    var children: [MarkdownNode] = []

    /// The text of this node and its descendants, without markup.
    var plainText: String {
        switch kind {
        case "text", "code": return literal
        case "softbreak", "linebreak": return " "
        default: return children.map(\.plainText).joined()
        }
    }
}
