import Foundation

/// Edits the package document in place for media overlays: new manifest
/// items, `media-overlay` attributes, `media:` metadata, `dcterms:modified`,
/// and `version="3.0"` for an EPUB 2 book. Old overlays are removed. The rest
/// of the document keeps its bytes.
struct PackageRewriter {
    /// A manifest item to add.
    struct Item {
        var id: String
        var href: String
        var mediaType: String
        var properties: String?
        var mediaOverlay: String?
    }

    /// A `<meta property="…">` to add.
    struct Meta {
        var property: String
        /// Id of the element refined, without `#`.
        var refines: String?
        var scheme: String?
        var value: String

        init(_ property: String, refines: String? = nil, scheme: String? = nil, value: String) {
            self.property = property
            self.refines = refines
            self.scheme = scheme
            self.value = value
        }
    }

    static let smilMediaType = "application/smil+xml"
    static let opfNamespace = "http://www.idpf.org/2007/opf"

    let raw: RawXML
    let path: String

    /// Every id used in the package document.
    var ids: Set<String> { raw.ids }

    /// The rewritten package document.
    ///
    /// `overlays` maps manifest ids of content documents to the ids of their SMIL items;
    /// `properties` maps manifest ids to properties to add (for documents of an EPUB 2 book);
    /// `metas` are `(property, refines, value)` triples; `modified` is the `dcterms:modified` value.
    /// `summaryLine` is appended to the book's `schema:accessibilitySummary`, or
    /// becomes the summary when it has none.
    func rewritten(items: [Item], overlays: [String: String], properties: [String: [String]],
                   metas: [Meta], modified: String, summaryLine: String? = nil) throws(RenderError) -> Data {
        guard let package = raw.tags.first(where: { $0.kind == .start && $0.localName == "package" }) else {
            throw RenderError(.overlay, file: path, "no <package> element")
        }
        let prefix = package.name.contains(":") ? String(package.name.split(separator: ":")[0]) + ":" : ""
        var edits = ByteEdits()
        if let version = package.attribute("version"), !version.value.hasPrefix("3") {
            edits.replace(version.valueRange, with: "3.0")
        }
        var hasModified = false, hasSummary = false
        var metas = metas
        var taken = raw.ids
        let isEPUB2 = !(package.attribute("version")?.value.hasPrefix("3") ?? false)
        let opfPrefixes = Set(raw.tags.flatMap(\.attributes).filter { $0.name.hasPrefix("xmlns:") && $0.value == Self.opfNamespace }
            .map { String($0.name.dropFirst(6)) } + ["opf"])
        for (index, tag) in raw.tags.enumerated() where tag.kind != .end {
            if isEPUB2, tag.name.hasPrefix("dc:") {
                metas += convertEPUB2Attributes(of: tag, opfPrefixes: opfPrefixes, taken: &taken, edits: &edits)
            }
            switch tag.localName {
            case "item":
                if tag.attribute("media-type")?.value == Self.smilMediaType {
                    edits.replace(tag.range.lowerBound..<elementEnd(index), with: "")
                    continue
                }
                if let old = tag.attribute("media-overlay") { edits.replace(old.range, with: "") }
                guard let id = tag.attribute("id")?.value else { continue }
                var added = ""
                if let smil = overlays[id] { added += " media-overlay=\"\(XMLEscaping.escaped(smil))\"" }
                if let extra = properties[id], !extra.isEmpty {
                    if let existing = tag.attribute("properties") {
                        edits.replace(existing.valueRange, with: XMLEscaping.escaped((existing.value.split(separator: " ").map(String.init) + extra).joined(separator: " ")))
                    } else {
                        added += " properties=\"\(extra.joined(separator: " "))\""
                    }
                }
                if !added.isEmpty { edits.insert(added, at: tag.range.upperBound - (tag.kind == .empty ? 2 : 1)) }
            case "meta":
                if tag.attribute("name")?.value == "schema:accessibilitySummary", let content = tag.attribute("content"),
                   let line = summaryLine, !hasSummary {
                    hasSummary = true
                    edits.insert(" " + XMLEscaping.escaped(line), at: content.valueRange.upperBound)
                }
                guard let property = tag.attribute("property")?.value else { continue }
                if property.hasPrefix("media:") {
                    edits.replace(tag.range.lowerBound..<elementEnd(index), with: "")
                } else if property == "dcterms:modified", tag.attribute("refines") == nil, tag.kind == .start {
                    hasModified = true
                    edits.replace(tag.range.upperBound..<raw.tags[index + 1].range.lowerBound, with: modified)
                } else if property == "schema:accessibilitySummary", tag.attribute("refines") == nil, tag.kind == .start,
                          let line = summaryLine, !hasSummary {
                    hasSummary = true
                    edits.insert(" " + XMLEscaping.escaped(line), at: raw.tags[index + 1].range.lowerBound)
                }
            default:
                continue
            }
        }
        var newMetas = metas.map { meta in
            "<\(prefix)meta property=\"\(meta.property)\"" + (meta.refines.map { " refines=\"#\(XMLEscaping.escaped($0))\"" } ?? "")
                + (meta.scheme.map { " scheme=\"\($0)\"" } ?? "") + ">\(XMLEscaping.escaped(meta.value))</\(prefix)meta>"
        }
        if !hasModified { newMetas.insert("<\(prefix)meta property=\"dcterms:modified\">\(modified)</\(prefix)meta>", at: 0) }
        if let summaryLine, !hasSummary {
            newMetas.append("<\(prefix)meta property=\"schema:accessibilitySummary\">\(XMLEscaping.escaped(summaryLine))</\(prefix)meta>")
        }
        guard let metadataEnd = raw.firstTag("metadata", kind: .end), let manifestEnd = raw.firstTag("manifest", kind: .end) else {
            throw RenderError(.overlay, file: path, "the package has no <metadata> or <manifest> element to add to")
        }
        edits.insert(newMetas.map { "  " + $0 + "\n" }.joined() + " ", at: metadataEnd.range.lowerBound)
        let newItems = items.map { item in
            "  <\(prefix)item id=\"\(XMLEscaping.escaped(item.id))\" href=\"\(XMLEscaping.escaped(item.href))\" media-type=\"\(item.mediaType)\""
                + (item.properties.map { " properties=\"\($0)\"" } ?? "")
                + (item.mediaOverlay.map { " media-overlay=\"\(XMLEscaping.escaped($0))\"" } ?? "") + "/>\n"
        }
        edits.insert(newItems.joined() + " ", at: manifestEnd.range.lowerBound)
        return try edits.applied(to: raw.bytes, path: path)
    }

    /// Removes the EPUB 2 `opf:` attributes EPUB 3 does not allow on Dublin Core
    /// elements, keeping `opf:role` and `opf:file-as` as refining metas.
    private func convertEPUB2Attributes(of tag: RawXML.Tag, opfPrefixes: Set<String>, taken: inout Set<String>,
                                        edits: inout ByteEdits) -> [Meta] {
        let opfAttributes = tag.attributes.filter { attribute in
            attribute.name.split(separator: ":").first.map { opfPrefixes.contains(String($0)) } == true && attribute.name.contains(":")
        }
        guard !opfAttributes.isEmpty else { return [] }
        var metas: [Meta] = []
        var id = tag.attribute("id")?.value
        for attribute in opfAttributes {
            edits.replace(attribute.range, with: "")
            let local = attribute.name.split(separator: ":").last.map(String.init) ?? ""
            guard local == "role" || local == "file-as", !attribute.value.isEmpty else { continue }
            if id == nil {
                let candidate = FreeName.claim({ "fr-meta-\($0 ?? 1)" }, taken: &taken)
                id = candidate
                edits.insert(" id=\"\(candidate)\"", at: attribute.range.lowerBound)
            }
            let value = XMLEscaping.decodedAmpersands(attribute.value)
            metas.append(local == "role" ? Meta("role", refines: id, scheme: "marc:relators", value: value) : Meta("file-as", refines: id, value: value))
        }
        return metas
    }

    /// The byte offset just after the element whose start (or empty) tag is `tags[index]`.
    private func elementEnd(_ index: Int) -> Int {
        raw.tags[raw.matchingEnd(of: index) ?? index].range.upperBound
    }
}
