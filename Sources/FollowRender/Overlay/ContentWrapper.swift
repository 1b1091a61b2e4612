import Foundation

/// Wraps the fragments of one content document in `<span id="…">` elements by
/// inserting tags into its original bytes, and links the highlight stylesheet.
/// A `body` without an id gets one, since EPUBCheck wants the SMIL document's
/// `epub:textref` to name an element.
/// Everything else in the document (doctype, entities, comments, namespaces,
/// whitespace) is left byte for byte as it was.
struct ContentWrapper {
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    static let svgNamespace = "http://www.w3.org/2000/svg"
    /// SVG elements whose text a `tspan` wrapper may hold.
    static let svgTextElements: Set<String> = ["text", "tspan", "textPath"]

    /// One wrapped fragment: its id, the structures around it (outermost
    /// first) and the `epub:type` of its `par` when it lies in a note body.
    struct Wrapped {
        var fragment: OverlayFragment
        var id: String
        var structures: [OverlayStructures.Structure]
        var noteType: String?
    }

    /// The edited document, the fragments wrapped with the id each was given,
    /// and the id of its `body`, which the SMIL document's `epub:textref` names.
    /// XHTML text gets a `span`, SVG `<text>` a `tspan`; text in another
    /// vocabulary (MathML, an `epub:switch` case) is not wrapped. `prefixes`
    /// are the vocabulary prefixes (prefix → URI) the structures' types use.
    struct Result {
        var data: Data
        var wrapped: [Wrapped]
        var bodyID: String
        var prefixes: [String: String]

        var ids: [String] { wrapped.map(\.id) }
    }

    let raw: RawXML
    let path: String

    func wrap(_ fragments: [OverlayFragment], granularity: OverlayGranularity, stylesheetHref: String?) throws(RenderError) -> Result {
        var edits = ByteEdits()
        var taken = raw.ids
        var structures = OverlayStructures(raw: raw)
        var wrapped: [Wrapped] = []
        var previous: (node: Int, end: Int)?
        let enclosure = SpanEnclosure(raw: raw)
        for fragment in fragments {
            guard fragment.node < raw.textNodes.count else {
                throw RenderError(.overlay, file: path, "the narration names text node \(fragment.node), which the document does not have")
            }
            let node = raw.textNodes[fragment.node]
            guard !fragment.units.isEmpty, fragment.units.upperBound <= node.units.count else {
                throw RenderError(.overlay, file: path, "the narration points past the end of text node \(fragment.node)")
            }
            if let previous, (previous.node, previous.end) > (fragment.node, fragment.units.lowerBound) {
                throw RenderError(.overlay, file: path, "fragments out of reading order at text node \(fragment.node)")
            }
            previous = (fragment.node, fragment.units.upperBound)
            guard let element = wrapperElement(for: node) else { continue }
            guard let placement = fragment.placement
                ?? enclosure.placement(of: [SpanEnclosure.Piece(node: fragment.node, units: fragment.units)]) else { continue }
            let id = Self.uniqueID(for: fragment, granularity: granularity, taken: &taken)
            let context = structures.around(node: fragment.node, taken: &taken, edits: &edits)
            wrapped.append(Wrapped(fragment: fragment, id: id, structures: context.structures, noteType: context.noteType))
            let open = "<\(element) id=\"\(id)\">", close = "</\(element)>"
            edits.insert(placement.opensInCDATA ? "]]>\(open)<![CDATA[" : open, at: placement.bytes.lowerBound, rank: 1)
            edits.insert(placement.closesInCDATA ? "]]>\(close)<![CDATA[" : close, at: placement.bytes.upperBound, rank: 0)
        }
        guard let body = raw.firstTag("body", kind: .start) ?? raw.firstTag("body", kind: .empty) else {
            throw RenderError(.overlay, file: path, "the document has no <body>")
        }
        let bodyID: String
        if let existing = body.attribute("id")?.value, !existing.isEmpty {
            bodyID = existing
        } else {
            bodyID = FreeName.claim({ number in number.map { "fr-body_\($0)" } ?? "fr-body" }, taken: &taken)
            edits.insert(" id=\"\(bodyID)\"", at: body.range.lowerBound + 1 + body.name.utf8.count)
        }
        if let stylesheetHref, let head = raw.firstTag("head", kind: .end) {
            let escaped = XMLEscaping.escaped(stylesheetHref)
            edits.insert("<link rel=\"stylesheet\" type=\"text/css\" href=\"\(escaped)\"/>", at: head.range.lowerBound)
        }
        return Result(data: try edits.applied(to: raw.bytes, path: path), wrapped: wrapped, bodyID: bodyID,
                      prefixes: structures.prefixes)
    }

    /// `span` for XHTML text, `tspan` for the text of an SVG `<text>` (unprefixed
    /// SVG, as inline SVG in XHTML is written), nil for other vocabularies.
    private func wrapperElement(for node: RawXML.TextNode) -> String? {
        if node.defaultNamespace == Self.xhtmlNamespace { return "span" }
        guard node.defaultNamespace == Self.svgNamespace, let parent = node.parent,
              !raw.tags[parent].name.contains(":"), Self.svgTextElements.contains(raw.tags[parent].localName) else { return nil }
        return "tspan"
    }

    /// `fr-s12` (sentence 12), `fr-s12-2` (its second piece) or `fr-w40` (word 40),
    /// with `_2`, `_3` … appended while the book already uses the id.
    private static func uniqueID(for fragment: OverlayFragment, granularity: OverlayGranularity, taken: inout Set<String>) -> String {
        var base = (granularity == .sentence ? "fr-s" : "fr-w") + String(fragment.target)
        if fragment.piece > 1 { base += "-\(fragment.piece)" }
        return FreeName.claim({ number in number.map { "\(base)_\($0)" } ?? base }, taken: &taken)
    }
}
