/// The skippable and escapable structures (EPUB Media Overlays 3.3) around a
/// wrapped fragment: tables, lists, figures and asides become `seq` elements
/// with their `epub:type`, so a reading system can escape them; note bodies
/// (`footnote`, `endnote`, `rearnote`) give their `par`s that `epub:type`, so it
/// can skip them. A structure without an id gets one (`fr-seq-N`), since a
/// `seq` names its element in `epub:textref`. A prefixed `epub:type`
/// (`z3998:verse`) is kept only when the document declares its prefix
/// (`epub:prefix` on the root), and the SMIL document then declares it too
/// (`prefixes`); an undeclared one gives way to the next usable token or the
/// element's default type, so no `seq` names an undeclared vocabulary.
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
    /// The vocabulary prefixes the document declares on its root, prefix → URI.
    private let declared: [String: String]
    /// The declared prefixes the chosen types use, prefix → URI, for the SMIL document's `epub:prefix`.
    private(set) var prefixes: [String: String] = [:]

    init(raw: RawXML) {
        self.raw = raw
        let root = raw.tags.first { $0.kind != .end }
        declared = Self.declarations(root?.attribute("epub:prefix")?.value ?? "")
    }

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
            let type = usableType(tag.attribute(Self.epubTypeAttribute)?.value ?? "") ?? fallback
            chain.append(Structure(tag: index, id: id(of: index, taken: &taken, edits: &edits), type: type))
        }
        return (chain.reversed(), noteType)
    }

    /// The first token of an `epub:type` value that is unprefixed or whose
    /// prefix the document declares (recorded in `prefixes`).
    private mutating func usableType(_ value: String) -> String? {
        for token in value.split(whereSeparator: \.isWhitespace).map(String.init) {
            guard let colon = token.firstIndex(of: ":") else { return token }
            let prefix = String(token[..<colon])
            if let uri = declared[prefix] {
                prefixes[prefix] = uri
                return token
            }
        }
        return nil
    }

    /// The pairs of an `epub:prefix` value (`z3998: http://… se: https://…`);
    /// a comma after a URI, as some books write, is not part of it.
    static func declarations(_ value: String) -> [String: String] {
        let tokens = value.split(whereSeparator: \.isWhitespace).map(String.init)
        var pairs: [String: String] = [:]
        var index = 0
        while index + 1 < tokens.count {
            let name = tokens[index]
            guard name.count > 1, name.hasSuffix(":") else { index += 1; continue }
            var uri = tokens[index + 1]
            while uri.hasSuffix(",") { uri.removeLast() }
            if !uri.isEmpty { pairs[String(name.dropLast())] = uri }
            index += 2
        }
        return pairs
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
