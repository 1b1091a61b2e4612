/// The manifest `properties` EPUB 3 requires that an EPUB 2 package never
/// declares, found when a book is upgraded: for each content document, `svg`,
/// `mathml`, `scripted`, `remote-resources` and `switch` as its markup needs
/// them, and `cover-image` for the EPUB 2 cover (`<meta name="cover">`).
/// (`nav` goes on the navigation document follow-render writes.)
enum UpgradeProperties {
    static let mathMLNamespace = "http://www.w3.org/1998/Math/MathML"

    /// Manifest id → properties to add, in a fixed order, none the item already has.
    static func required(by source: OverlaySource) -> [String: [String]] {
        var properties: [String: [String]] = [:]
        for item in source.book.manifest {
            var found: [String] = []
            if item.mediaType == "application/xhtml+xml", let data = try? source.bookFile(item.path),
               let raw = try? RawXML(data: data, path: item.path) {
                found = contentProperties(raw)
            } else if item.mediaType == "image/svg+xml", let data = try? source.bookFile(item.path),
                      let raw = try? RawXML(data: data, path: item.path) {
                found = contentProperties(raw).filter { $0 != "svg" }
            }
            if item.path == source.book.metadata.coverPath, item.mediaType.hasPrefix("image/") { found.append("cover-image") }
            let missing = found.filter { !item.properties.contains($0) }
            if !missing.isEmpty { properties[item.id] = missing }
        }
        return properties
    }

    /// The properties the markup of one content document calls for.
    static func contentProperties(_ raw: RawXML) -> [String] {
        var svg = false, mathML = false, scripted = false, remote = false, switches = false
        for tag in raw.tags where tag.kind != .end {
            let prefix = tag.name.contains(":") ? String(tag.name.split(separator: ":")[0]) : nil
            switch tag.localName {
            case "svg": svg = svg || tag.defaultNamespace == ContentWrapper.svgNamespace || prefix == "svg"
            case "math": mathML = mathML || tag.defaultNamespace == mathMLNamespace || prefix != nil
            case "script", "form": scripted = true
            case "switch": switches = switches || (prefix != nil && prefix != "svg")
            default: break
            }
            if !remote { remote = refersToRemoteResource(tag) }
            if !scripted { scripted = tag.attributes.contains { $0.name.lowercased().hasPrefix("on") && !$0.name.contains(":") } }
        }
        return [(svg, "svg"), (mathML, "mathml"), (scripted, "scripted"), (remote, "remote-resources"), (switches, "switch")]
            .filter(\.0).map(\.1)
    }

    /// Whether a tag embeds a resource from the network (not a hyperlink).
    private static func refersToRemoteResource(_ tag: RawXML.Tag) -> Bool {
        let attribute: String? = switch tag.localName {
        case "img", "audio", "video", "source", "track", "embed", "iframe", "script", "input": "src"
        case "object": "data"
        case "link": tag.attribute("rel")?.value.lowercased().contains("stylesheet") == true ? "href" : nil
        case "image", "use": tag.attribute("xlink:href") != nil ? "xlink:href" : "href"
        default: nil
        }
        guard let attribute, let value = tag.attribute(attribute)?.value.lowercased() else { return false }
        return value.hasPrefix("http://") || value.hasPrefix("https://")
    }
}
