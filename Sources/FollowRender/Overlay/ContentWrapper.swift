import Foundation

/// Wraps the fragments of one content document in `<span id="…">` elements by
/// inserting tags into its original bytes, and links the highlight stylesheet.
/// A `body` without an id gets one, since EPUBCheck wants the SMIL document's
/// `epub:textref` to name an element.
/// Everything else in the document (doctype, entities, comments, namespaces,
/// whitespace) is left byte for byte as it was.
struct ContentWrapper {
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// The edited document, the fragments wrapped with the id each was given,
    /// and the id of its `body`, which the SMIL document's `epub:textref` names.
    /// Text in another vocabulary (SVG, MathML, an `epub:switch` case) is not
    /// wrapped: an XHTML `span` does not belong there.
    struct Result {
        var data: Data
        var wrapped: [(fragment: OverlayFragment, id: String)]
        var bodyID: String

        var ids: [String] { wrapped.map(\.id) }
    }

    let raw: RawXML
    let path: String

    func wrap(_ fragments: [OverlayFragment], granularity: OverlayGranularity, stylesheetHref: String?) throws(OverlayError) -> Result {
        var edits = ByteEdits()
        var taken = raw.ids
        var wrapped: [(fragment: OverlayFragment, id: String)] = []
        var previous: (node: Int, end: Int)?
        for fragment in fragments {
            guard fragment.node < raw.textNodes.count else {
                throw OverlayError("\(path): the narration names text node \(fragment.node), which the document does not have")
            }
            let node = raw.textNodes[fragment.node]
            guard !fragment.units.isEmpty, fragment.units.upperBound <= node.units.count else {
                throw OverlayError("\(path): the narration points past the end of text node \(fragment.node)")
            }
            if let previous, (previous.node, previous.end) > (fragment.node, fragment.units.lowerBound) {
                throw OverlayError("\(path): fragments out of reading order at text node \(fragment.node)")
            }
            previous = (fragment.node, fragment.units.upperBound)
            guard node.defaultNamespace == Self.xhtmlNamespace else { continue }
            let id = Self.uniqueID(for: fragment, granularity: granularity, taken: &taken)
            wrapped.append((fragment, id))
            let open = "<span id=\"\(id)\">"
            if let element = textOnlyElement(around: node) {
                edits.insert(open, at: element.lowerBound, rank: 1)
                edits.insert("</span>", at: element.upperBound, rank: 0)
                continue
            }
            let first = fragment.units.lowerBound, last = fragment.units.upperBound - 1
            edits.insert(node.inCDATA[first] ? "]]>\(open)<![CDATA[" : open, at: node.starts[first], rank: 1)
            edits.insert(node.inCDATA[last] ? "]]></span><![CDATA[" : "</span>", at: node.ends[last], rank: 0)
        }
        guard let body = raw.firstTag("body", kind: .start) ?? raw.firstTag("body", kind: .empty) else {
            throw OverlayError("\(path): the document has no <body>")
        }
        let bodyID: String
        if let existing = body.attribute("id")?.value, !existing.isEmpty {
            bodyID = existing
        } else {
            bodyID = FreeName.claim({ number in number.map { "fr-body_\($0)" } ?? "fr-body" }, taken: &taken)
            edits.insert(" id=\"\(bodyID)\"", at: body.range.lowerBound + 1 + body.name.utf8.count)
        }
        if let stylesheetHref, let head = raw.firstTag("head", kind: .end) {
            let escaped = stylesheetHref.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            edits.insert("<link rel=\"stylesheet\" type=\"text/css\" href=\"\(escaped)\"/>", at: head.range.lowerBound)
        }
        return Result(data: try edits.applied(to: raw.bytes, path: path), wrapped: wrapped, bodyID: bodyID)
    }

    /// The bytes of the element holding `node` when that element may hold text
    /// only (`<time>` without `datetime`): the wrapper then goes around it.
    private func textOnlyElement(around node: RawXML.TextNode) -> Range<Int>? {
        guard let parent = node.parent, raw.tags[parent].localName == "time", raw.tags[parent].attribute("datetime") == nil,
              let end = raw.matchingEnd(of: parent) else { return nil }
        return raw.tags[parent].range.lowerBound..<raw.tags[end].range.upperBound
    }

    /// `fr-s12` (sentence 12), `fr-s12-2` (its second piece) or `fr-w40` (word 40),
    /// with `_2`, `_3` … appended while the book already uses the id.
    private static func uniqueID(for fragment: OverlayFragment, granularity: OverlayGranularity, taken: inout Set<String>) -> String {
        var base = (granularity == .sentence ? "fr-s" : "fr-w") + String(fragment.target)
        if fragment.piece > 1 { base += "-\(fragment.piece)" }
        return FreeName.claim({ number in number.map { "\(base)_\($0)" } ?? base }, taken: &taken)
    }
}
