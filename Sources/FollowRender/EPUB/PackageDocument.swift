/// The package document (`.opf`): metadata, manifest and spine, read leniently.
struct PackageDocument {
    private static let dublinCore = "http://purl.org/dc/elements/1.1/"
    private static let ncxMediaType = "application/x-dtbncx+xml"

    var metadata: BookMetadata
    /// Items whose file is in the book, in manifest order.
    var manifest: [ManifestItem]
    /// Readable spine items, repeats dropped, `tocTitle` not yet set.
    var spine: [SpineItem]
    /// Container path of the EPUB 3 navigation document, if any.
    var navigationPath: String?
    /// Container path of the EPUB 2 NCX, if any.
    var ncxPath: String?

    /// Reads the package document at `path`; `fallbackTitle` stands in for a missing `dc:title`.
    init(container: Container, path: String, fallbackTitle: String, warnings: inout [BookWarning]) throws(BookError) {
        let document = try container.xml(at: path)
        guard let package = document.root, package.name == "package" else {
            throw BookError(.notAnEPUB, file: path, "not a package document (no <package> root)")
        }
        let manifestElement = package.elements(named: "manifest").first
        var items: [ManifestItem] = []
        var ids: Set<String> = []
        var absentIDs: Set<String> = []
        for element in manifestElement?.elements(named: "item") ?? [] {
            guard let id = element.attribute("id"), let href = element.attribute("href") else {
                warnings.append(BookWarning("\(path): line \(element.line): manifest item without id or href is ignored"))
                continue
            }
            guard ids.insert(id).inserted else {
                warnings.append(BookWarning("\(path): manifest id '\(id)' is used twice; the repeat is ignored"))
                continue
            }
            guard let reference = try ContainerPath.resolve(href, from: path) else { continue }
            guard container.contains(reference.path) else {
                warnings.append(BookWarning("\(reference.path): listed in the manifest but missing from the book"))
                absentIDs.insert(id)
                continue
            }
            items.append(ManifestItem(
                id: id,
                path: reference.path,
                mediaType: element.attribute("media-type") ?? "",
                properties: (element.attribute("properties") ?? "").split(whereSeparator: \.isWhitespace).map(String.init),
                mediaOverlay: element.attribute("media-overlay")
            ))
        }
        manifest = items
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        guard let spineElement = package.elements(named: "spine").first else {
            throw BookError(.notAnEPUB, file: path, "the package has no spine")
        }
        var spine: [SpineItem] = []
        var seen: Set<String> = []
        for itemref in spineElement.elements(named: "itemref") {
            let idref = itemref.attribute("idref") ?? ""
            guard let item = byID[idref] else {
                if !absentIDs.contains(idref) {
                    warnings.append(BookWarning("\(path): spine item '\(idref)' is not in the manifest and is skipped"))
                }
                continue
            }
            guard seen.insert(idref).inserted else {
                warnings.append(BookWarning("\(path): spine lists '\(idref)' more than once; the repeat is skipped"))
                continue
            }
            spine.append(SpineItem(
                index: spine.count + 1,
                idref: idref,
                path: item.path,
                mediaType: item.mediaType,
                linear: itemref.attribute("linear") != "no",
                isNavigation: item.properties.contains("nav"),
                tocTitle: nil
            ))
        }
        guard !spine.isEmpty else { throw BookError(.notAnEPUB, file: path, "no readable item in the spine") }
        self.spine = spine

        navigationPath = items.first { $0.properties.contains("nav") }?.path
        let ncxID = spineElement.attribute("toc")
        ncxPath = (ncxID.flatMap { byID[$0] } ?? items.first { $0.mediaType == Self.ncxMediaType })?.path

        let metadataElement = package.elements(named: "metadata").first
        metadata = Self.metadata(
            of: metadataElement, package: package, manifest: items, path: path,
            fallbackTitle: fallbackTitle, warnings: &warnings
        )
    }

    private static func metadata(
        of element: XMLNode?, package: XMLNode, manifest: [ManifestItem], path: String,
        fallbackTitle: String, warnings: inout [BookWarning]
    ) -> BookMetadata {
        func dublinCore(_ name: String) -> [XMLNode] {
            element?.descendants { $0.namespace == Self.dublinCore && $0.name.lowercased() == name } ?? []
        }
        let metas = element?.descendants { $0.name == "meta" } ?? []
        let titles = dublinCore("title").map(\.content.collapsingWhitespace).filter { !$0.isEmpty }
        if titles.isEmpty { warnings.append(BookWarning("\(path): no dc:title; using the file name")) }
        let languages = dublinCore("language").map(\.content.collapsingWhitespace).filter { !$0.isEmpty }
        if languages.isEmpty { warnings.append(BookWarning("\(path): no dc:language; the language is undetermined")) }
        let identifiers = dublinCore("identifier")
        let uniqueID = package.attribute("unique-identifier")
        let identifier = (identifiers.first { uniqueID != nil && $0.attribute("id") == uniqueID } ?? identifiers.first)?
            .content.collapsingWhitespace ?? ""
        let layout = metas.first { $0.attribute("property") == "rendition:layout" }?.content.collapsingWhitespace
        return BookMetadata(
            title: titles.first ?? fallbackTitle,
            creators: dublinCore("creator").map(\.content.collapsingWhitespace).filter { !$0.isEmpty },
            language: languages.first ?? "und",
            identifier: identifier,
            version: package.attribute("version") ?? "",
            coverPath: coverPath(manifest: manifest, metas: metas),
            layout: layout == BookMetadata.Layout.prePaginated.rawValue ? .prePaginated : .reflowable,
            description: dublinCore("description").first.map(\.content.collapsingWhitespace),
            date: dublinCore("date").first.map(\.content.collapsingWhitespace),
            publisher: dublinCore("publisher").first.map(\.content.collapsingWhitespace)
        )
    }

    /// EPUB 3 `cover-image` item, else the EPUB 2 `<meta name="cover">` item.
    private static func coverPath(manifest: [ManifestItem], metas: [XMLNode]) -> String? {
        if let item = manifest.first(where: { $0.properties.contains("cover-image") }) { return item.path }
        guard let id = metas.first(where: { $0.attribute("name") == "cover" })?.attribute("content") else { return nil }
        return manifest.first { $0.id == id }?.path
    }
}
