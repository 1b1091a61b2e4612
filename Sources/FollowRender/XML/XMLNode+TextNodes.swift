extension XMLNode {
    /// The text nodes under this node in document order: the numbering that
    /// `SourceSpan.node` refers to when called on the document element.
    var textNodes: [XMLNode] {
        var result: [XMLNode] = []
        collectTextNodes(into: &result)
        return result
    }

    private func collectTextNodes(into result: inout [XMLNode]) {
        for child in children {
            switch child.kind {
            case .text: result.append(child)
            case .element: child.collectTextNodes(into: &result)
            case .entityReference, .other: continue
            }
        }
    }
}
