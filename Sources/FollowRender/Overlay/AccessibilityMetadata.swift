/// What the read-aloud EPUB adds to the book's accessibility metadata, as EPUB
/// Accessibility 1.1 expects of a publication with synchronized narration
/// (schema.org properties, the `schema:` prefix EPUB 3 reserves), keeping
/// everything the book declares:
///
/// - `schema:accessMode` `auditory`, beside the book's own modes (`textual`
///   when it declares none: it is a text);
/// - `schema:accessibilityFeature` `synchronizedAudioText`;
/// - `schema:accessModeSufficient` `auditory` and `textual`: the narration
///   alone and the text alone each carry the whole content;
/// - one sentence appended to `schema:accessibilitySummary` (or the summary,
///   when the book has none), done by `PackageRewriter`.
///
/// Values are read in both forms a package may hold: EPUB 3 `<meta
/// property="…">value</meta>` and EPUB 2 `<meta name="…" content="…"/>`.
struct AccessibilityMetadata {
    /// What the book declares, by property name (`schema:accessMode` → `textual`, `visual`).
    let declared: [String: Set<String>]

    /// The sentence added to the accessibility summary.
    static let summaryLine = "This edition adds synchronized narration (EPUB 3 Media Overlays): a synthetic voice "
        + "(eSpeak NG) reads the text aloud while each sentence is highlighted."

    init(package raw: RawXML) {
        var declared: [String: Set<String>] = [:]
        for (index, tag) in raw.tags.enumerated() where tag.localName == "meta" && tag.kind != .end && tag.attribute("refines") == nil {
            if let name = tag.attribute("name")?.value, let content = tag.attribute("content")?.value {
                declared[name, default: []].insert(content.trimmingCharacters(in: .whitespacesAndNewlines))
            } else if let property = tag.attribute("property")?.value, tag.kind == .start, index + 1 < raw.tags.count {
                let content = raw.bytes[tag.range.upperBound..<raw.tags[index + 1].range.lowerBound]
                declared[property, default: []].insert(Self.text(content))
            }
        }
        self.declared = declared
    }

    /// The metas to add: each value the book does not declare already.
    var added: [PackageRewriter.Meta] {
        var wanted: [(String, String)] = [("schema:accessMode", "auditory")]
        if declared["schema:accessMode", default: []].isEmpty { wanted.append(("schema:accessMode", "textual")) }
        wanted += [("schema:accessibilityFeature", "synchronizedAudioText"),
                   ("schema:accessModeSufficient", "auditory"), ("schema:accessModeSufficient", "textual")]
        return wanted.filter { !declared[$0.0, default: []].contains($0.1) }.map { PackageRewriter.Meta($0.0, value: $0.1) }
    }

    /// XML text content as a string: the predefined entities and numeric references decoded, spaces collapsed.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
