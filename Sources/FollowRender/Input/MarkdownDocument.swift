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
    var tree: MarkdownNode { Self.node(root, depth: 0) }

    /// Nesting deeper than this (hostile input) is cut off rather than overflowing the stack.
    static let maximumDepth = 200

    private static func node(_ pointer: OpaquePointer, depth: Int) -> MarkdownNode {
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
        var child = depth < maximumDepth ? cmark_node_first_child(pointer) : nil
        while let current = child {
            node.children.append(Self.node(current, depth: depth + 1))
            child = cmark_node_next(current)
        }
        return node
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
