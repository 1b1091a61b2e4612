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

    static let smilMediaType = "application/smil+xml"

    let raw: RawXML
    let path: String

    /// Every id used in the package document.
    var ids: Set<String> { raw.ids }

    /// The rewritten package document.
    ///
    /// `overlays` maps manifest ids of content documents to the ids of their SMIL items;
    /// `properties` maps manifest ids to properties to add (for documents of an EPUB 2 book);
    /// `metas` are `(property, refines, value)` triples; `modified` is the `dcterms:modified` value.
    func rewritten(items: [Item], overlays: [String: String], properties: [String: [String]],
                   metas: [(property: String, refines: String?, value: String)], modified: String) throws(OverlayError) -> Data {
        guard let package = raw.tags.first(where: { $0.kind == .start && $0.localName == "package" }) else {
            throw OverlayError("\(path): no <package> element")
        }
        let prefix = package.name.contains(":") ? String(package.name.split(separator: ":")[0]) + ":" : ""
        var edits = ByteEdits()
        if let version = package.attribute("version"), !version.value.hasPrefix("3") {
            edits.replace(version.valueRange, with: "3.0")
        }
        var hasModified = false
        for (index, tag) in raw.tags.enumerated() where tag.kind != .end {
            switch tag.localName {
            case "item":
                if tag.attribute("media-type")?.value == Self.smilMediaType {
                    edits.replace(tag.range.lowerBound..<elementEnd(index), with: "")
                    continue
                }
                if let old = tag.attribute("media-overlay") { edits.replace(old.range, with: "") }
                guard let id = tag.attribute("id")?.value else { continue }
                var added = ""
                if let smil = overlays[id] { added += " media-overlay=\"\(OverlayText.escaped(smil))\"" }
                if let extra = properties[id], !extra.isEmpty {
                    if let existing = tag.attribute("properties") {
                        edits.replace(existing.valueRange, with: OverlayText.escaped((existing.value.split(separator: " ").map(String.init) + extra).joined(separator: " ")))
                    } else {
                        added += " properties=\"\(extra.joined(separator: " "))\""
                    }
                }
                if !added.isEmpty { edits.insert(added, at: tag.range.upperBound - (tag.kind == .empty ? 2 : 1)) }
            case "meta":
                guard let property = tag.attribute("property")?.value else { continue }
                if property.hasPrefix("media:") {
                    edits.replace(tag.range.lowerBound..<elementEnd(index), with: "")
                } else if property == "dcterms:modified", tag.attribute("refines") == nil, tag.kind == .start {
                    hasModified = true
                    edits.replace(tag.range.upperBound..<raw.tags[index + 1].range.lowerBound, with: modified)
                }
            default:
                continue
            }
        }
        var newMetas = metas.map { meta in
            "<\(prefix)meta property=\"\(meta.property)\"" + (meta.refines.map { " refines=\"#\(OverlayText.escaped($0))\"" } ?? "")
                + ">\(OverlayText.escaped(meta.value))</\(prefix)meta>"
        }
        if !hasModified { newMetas.insert("<\(prefix)meta property=\"dcterms:modified\">\(modified)</\(prefix)meta>", at: 0) }
        guard let metadataEnd = raw.firstTag("metadata", kind: .end), let manifestEnd = raw.firstTag("manifest", kind: .end) else {
            throw OverlayError("\(path): the package has no <metadata> or <manifest> element to add to")
        }
        edits.insert(newMetas.map { "  " + $0 + "\n" }.joined() + " ", at: metadataEnd.range.lowerBound)
        let newItems = items.map { item in
            "  <\(prefix)item id=\"\(OverlayText.escaped(item.id))\" href=\"\(OverlayText.escaped(item.href))\" media-type=\"\(item.mediaType)\""
                + (item.properties.map { " properties=\"\($0)\"" } ?? "")
                + (item.mediaOverlay.map { " media-overlay=\"\(OverlayText.escaped($0))\"" } ?? "") + "/>\n"
        }
        edits.insert(newItems.joined() + " ", at: manifestEnd.range.lowerBound)
        return try edits.applied(to: raw.bytes, path: path)
    }

    /// The byte offset just after the element whose start (or empty) tag is `tags[index]`.
    private func elementEnd(_ index: Int) -> Int {
        let tag = raw.tags[index]
        guard tag.kind == .start else { return tag.range.upperBound }
        var depth = 0
        for later in raw.tags[index...] {
            if later.kind == .start { depth += 1 }
            if later.kind == .end { depth -= 1 }
            if depth == 0 { return later.range.upperBound }
        }
        return tag.range.upperBound
    }
}
