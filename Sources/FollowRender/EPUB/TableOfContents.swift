/// Reads the table of contents: the EPUB 3 nav's `toc`, else the EPUB 2 NCX.
///
/// Entries whose target is not in the book are dropped with a warning, their
/// children taking their place; so are headings without a link.
struct TableOfContents {
    private static let opsNamespace = "http://www.idpf.org/2007/ops"

    private let container: Container
    private let documentPath: String

    /// The entries of the first usable source, or none.
    static func read(
        navigationPath: String?, ncxPath: String?, container: Container, warnings: inout [BookWarning]
    ) throws(BookError) -> [TOCEntry] {
        if let navigationPath {
            let reader = TableOfContents(container: container, documentPath: navigationPath)
            if let entries = try reader.navigationEntries(warnings: &warnings), !entries.isEmpty { return entries }
        }
        if let ncxPath {
            let reader = TableOfContents(container: container, documentPath: ncxPath)
            if let entries = try reader.ncxEntries(warnings: &warnings) { return entries }
        }
        return []
    }

    /// The titles of the first entry pointing into each document, depth first.
    static func firstTitles(in entries: [TOCEntry]) -> [String: String] {
        var titles: [String: String] = [:]
        func visit(_ entries: [TOCEntry]) {
            for entry in entries {
                if titles[entry.path] == nil { titles[entry.path] = entry.title }
                visit(entry.children)
            }
        }
        visit(entries)
        return titles
    }

    private func document(warnings: inout [BookWarning]) -> XMLDocument? {
        do {
            return try container.xml(at: documentPath)
        } catch {
            warnings.append(BookWarning("\(error); its table of contents is not used"))
            return nil
        }
    }

    private func navigationEntries(warnings: inout [BookWarning]) throws(BookError) -> [TOCEntry]? {
        guard let root = document(warnings: &warnings)?.root else { return nil }
        let toc = root.firstDescendant { node in
            node.name == "nav" && (node.attribute("type", namespace: Self.opsNamespace) ?? "")
                .split(separator: " ").contains("toc")
        }
        guard let toc else {
            warnings.append(BookWarning("\(documentPath): the navigation document has no toc nav"))
            return nil
        }
        guard let list = toc.firstDescendant(where: { $0.name == "ol" }) else { return [] }
        return try navigationList(list, warnings: &warnings)
    }

    private func navigationList(_ list: XMLNode, warnings: inout [BookWarning]) throws(BookError) -> [TOCEntry] {
        var entries: [TOCEntry] = []
        for item in list.elements(named: "li") {
            let children = try item.elements(named: "ol").first.map { list throws(BookError) in
                try navigationList(list, warnings: &warnings)
            } ?? []
            let label = item.elements.first { $0.name == "a" || $0.name == "span" }
            let title = label.map(\.content.collapsingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
                ?? label?.attribute("title") ?? ""
            entries += try entry(title: title, href: label?.attribute("href"), children: children, warnings: &warnings)
        }
        return entries
    }

    private func ncxEntries(warnings: inout [BookWarning]) throws(BookError) -> [TOCEntry]? {
        guard let root = document(warnings: &warnings)?.root else { return nil }
        guard let navMap = root.elements(named: "navMap").first else {
            warnings.append(BookWarning("\(documentPath): the NCX has no navMap"))
            return nil
        }
        return try ncxPoints(in: navMap, warnings: &warnings)
    }

    private func ncxPoints(in parent: XMLNode, warnings: inout [BookWarning]) throws(BookError) -> [TOCEntry] {
        var entries: [TOCEntry] = []
        for point in parent.elements(named: "navPoint") {
            let children = try ncxPoints(in: point, warnings: &warnings)
            let label = point.elements(named: "navLabel").first?.elements(named: "text").first
            let title = label?.content.collapsingWhitespace ?? ""
            let href = point.elements(named: "content").first?.attribute("src")
            entries += try entry(title: title, href: href, children: children, warnings: &warnings)
        }
        return entries
    }

    /// The entry for a link, or its children alone when the link leads nowhere readable.
    private func entry(title: String, href: String?, children: [TOCEntry], warnings: inout [BookWarning]) throws(BookError) -> [TOCEntry] {
        guard let href else { return children }
        guard let reference = try ContainerPath.resolve(href, from: documentPath) else {
            warnings.append(BookWarning("\(documentPath): TOC entry '\(title)' links outside the book (\(href)) and is dropped"))
            return children
        }
        guard container.contains(reference.path) else {
            warnings.append(BookWarning("\(documentPath): TOC entry '\(title)' points to \(reference.path), which is not in the book; the entry is dropped"))
            return children
        }
        return [TOCEntry(title: title, path: reference.path, fragment: reference.fragment, children: children)]
    }
}
