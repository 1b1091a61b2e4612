/// Where a stretch of narration text came from in its XHTML document.
///
/// Text nodes are numbered in document order (every text and CDATA node of the
/// parsed document, narrated or not), so a later stage that re-parses the same
/// document can find the node again and wrap the characters in an element.
public struct SourceSpan: Hashable, Sendable, Codable {
    /// The narration characters this span covers.
    public var range: TextRange
    /// Document-order index of the source text node.
    public var node: Int
    /// UTF-16 offset of the first character inside the node's text.
    public var offset: Int

    public init(range: TextRange, node: Int, offset: Int) {
        self.range = range
        self.node = node
        self.offset = offset
    }
}
