import Foundation

/// Lenient and loud about files a reader can do without: every file under
/// `META-INF/` that is present but not what it should be (unparsable XML, the
/// wrong root element or namespace), and every manifest item whose content is
/// recognisably not its declared media type, get one warning naming the file.
/// Nothing here refuses a book.
enum ContainerAudit {
    static let containerNamespace = "urn:oasis:names:tc:opendocument:xmlns:container"

    /// The root element (local name, namespace) each OCF file must have; nil namespace: any.
    private static let metaInfRoots: [String: (name: String?, namespace: String?)] = [
        "META-INF/container.xml": ("container", containerNamespace),
        "META-INF/encryption.xml": ("encryption", containerNamespace),
        "META-INF/signatures.xml": ("signatures", containerNamespace),
        "META-INF/metadata.xml": ("metadata", nil),
        "META-INF/manifest.xml": ("manifest", "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"),
        "META-INF/rights.xml": (nil, nil),
    ]

    /// One warning per `META-INF/` file that is unparsable or has the wrong root.
    static func metaInfWarnings(in container: Container) -> [BookWarning] {
        container.paths.filter { $0.hasPrefix("META-INF/") && $0.lowercased().hasSuffix(".xml") }.compactMap { path -> BookWarning? in
            let document: XMLDocument
            do throws(BookError) {
                document = try container.xml(at: path)
            } catch {
                // An unreadable container.xml is reported where the package document is looked for.
                return path == ContainerDocument.path ? nil : BookWarning("\(error); the file is ignored")
            }
            guard let expected = metaInfRoots[path], let name = expected.name else { return nil }
            guard let root = document.root else { return BookWarning("\(path): has no root element") }
            if root.name != name {
                return BookWarning("\(path): the root element is <\(root.name)>, expected <\(name)>")
            }
            if let namespace = expected.namespace, root.namespace != namespace {
                return BookWarning("\(path): <\(name)> is in the namespace '\(root.namespace ?? "")', expected '\(namespace)'")
            }
            return nil
        }
    }

    /// One warning per manifest item whose bytes are recognisably of another type than declared.
    static func mediaTypeWarnings(manifest: [ManifestItem], container: Container) -> [BookWarning] {
        manifest.compactMap { item in
            guard container.contains(item.path), MediaTypeSniffer.isCheckable(item.mediaType),
                  let data = try? container.data(at: item.path),
                  let found = MediaTypeSniffer.sniff(data), !MediaTypeSniffer.matches(found, declared: item.mediaType) else { return nil }
            return BookWarning("\(item.path): declared \(item.mediaType) in the manifest, but its content is \(found)")
        }
    }
}
