/// The skippable and escapable structures (EPUB Media Overlays 3.3) around a
/// wrapped fragment: tables, lists, figures and asides become `seq` elements
/// with their `epub:type`, so a reading system can escape them; note bodies
/// (`footnote`, `endnote`, `rearnote`) give their `par`s that `epub:type`, so it
/// can skip them. A structure without an id gets one (`fr-seq-N`), since a
/// `seq` names its element in `epub:textref`.
struct OverlayStructures {
    /// One structure enclosing fragments.
    struct Structure: Hashable {
        /// Index in `RawXML.tags` of its start tag.
        var tag: Int
        var id: String
        var type: String
    }

    /// The `epub:type` a structure's `seq` gets when the element has none of its own.
    static let structureTypes: [String: String] = [
        "table": "table", "ol": "list", "ul": "list", "dl": "list", "figure": "figure", "aside": "aside",
    ]

    /// Note semantics (`epub:type` / `role` tokens) and the `epub:type` of their `par`s.
    static let noteTypes: [String: String] = [
        "footnote": "footnote", "footnotes": "footnote", "doc-footnote": "footnote",
        "endnote": "endnote", "endnotes": "endnote", "doc-endnote": "endnote", "doc-endnotes": "endnote",
        "rearnote": "rearnote", "rearnotes": "rearnote",
    ]

    private static let epubTypeAttribute = "epub:type"

    let raw: RawXML
    private var ids: [Int: String] = [:]

    init(raw: RawXML) { self.raw = raw }

    /// The structures around text node `node`, outermost first, and the note
    /// type of its `par` if it lies in a note body. Ids a structure lacks are
    /// claimed from `taken` and inserted through `edits`.
    mutating func around(node: Int, taken: inout Set<String>, edits: inout ByteEdits) -> (structures: [Structure], noteType: String?) {
        var chain: [Structure] = []
        var noteType: String?
        var current = raw.textNodes[node].parent
        while let index = current {
            let tag = raw.tags[index]
            current = tag.parent
            guard tag.defaultNamespace == ContentWrapper.xhtmlNamespace else { continue }
            let tokens = Self.tokens(of: tag)
            if let note = tokens.lazy.compactMap({ Self.noteTypes[$0] }).first {
                if noteType == nil { noteType = note }
                continue
            }
            guard let fallback = Self.structureTypes[tag.localName] else { continue }
            let type = tag.attribute(Self.epubTypeAttribute).flatMap { $0.value.split(separator: " ").first.map(String.init) } ?? fallback
            chain.append(Structure(tag: index, id: id(of: index, taken: &taken, edits: &edits), type: type))
        }
        return (chain.reversed(), noteType)
    }

    /// The element's id, or a new one inserted into its start tag.
    private mutating func id(of index: Int, taken: inout Set<String>, edits: inout ByteEdits) -> String {
        if let known = ids[index] { return known }
        let tag = raw.tags[index]
        let id: String
        if let existing = tag.attribute("id")?.value, !existing.isEmpty {
            id = existing
        } else {
            id = FreeName.claim({ number in "fr-seq-\(index)" + (number.map { "_\($0)" } ?? "") }, taken: &taken)
            edits.insert(" id=\"\(id)\"", at: tag.range.lowerBound + 1 + tag.name.utf8.count)
        }
        ids[index] = id
        return id
    }

    private static func tokens(of tag: RawXML.Tag) -> [String] {
        [tag.attribute(epubTypeAttribute)?.value, tag.attribute("role")?.value].compactMap { $0 }
            .flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }
}
