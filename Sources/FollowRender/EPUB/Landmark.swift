/// A landmark of the book: an EPUB 3 `landmarks` nav entry, or an EPUB 2
/// `guide` reference, with its type in EPUB 3 structural-semantics terms.
public struct Landmark: Hashable, Sendable {
    /// `bodymatter`, `titlepage`, `toc`, `copyright-page` … (EPUB 2 guide types mapped:
    /// `text` → `bodymatter`, `title-page` → `titlepage`, `notes` → `endnotes`).
    public var type: String
    /// Container path of the target document.
    public var path: String

    public init(type: String, path: String) {
        self.type = type
        self.path = path
    }
}

/// Reads the landmarks: the `landmarks` nav of the EPUB 3 navigation document,
/// else the EPUB 2 `guide` of the package document. Unreadable ones are no
/// landmarks (the TOC reader already warns about a broken navigation document).
enum LandmarkReader {
    private static let opsNamespace = "http://www.idpf.org/2007/ops"

    /// EPUB 2 guide types whose EPUB 3 name differs.
    private static let guideTypes: [String: String] = [
        "text": "bodymatter", "title-page": "titlepage", "notes": "endnotes", "copyright-page": "copyright-page",
    ]

    static func read(container: Container, packagePath: String, navigationPath: String?) -> [Landmark] {
        if let navigationPath, let root = try? container.xml(at: navigationPath).root {
            let nav = root.firstDescendant { node in
                node.name == "nav" && (node.attribute("type", namespace: opsNamespace) ?? "").split(separator: " ").contains("landmarks")
            }
            let links = nav?.descendants { $0.name == "a" } ?? []
            let landmarks = links.compactMap { link -> Landmark? in
                guard let type = link.attribute("type", namespace: opsNamespace)?.split(separator: " ").first,
                      let href = link.attribute("href"),
                      let reference = try? ContainerPath.resolve(href, from: navigationPath) else { return nil }
                return Landmark(type: String(type), path: reference.path)
            }
            if !landmarks.isEmpty { return landmarks }
        }
        guard let root = try? container.xml(at: packagePath).root else { return [] }
        return root.descendants { $0.name == "reference" }.compactMap { reference in
            guard let type = reference.attribute("type")?.lowercased(), let href = reference.attribute("href"),
                  let target = try? ContainerPath.resolve(href, from: packagePath) else { return nil }
            return Landmark(type: guideTypes[type] ?? type, path: target.path)
        }
    }
}
