/// Reads the table of contents: the EPUB 3 nav's `toc`, else the EPUB 2 NCX.
///
/// Navigation documents are read as hostile input: entries whose target is
/// not in the book (another book, a web page, a `../` path, a missing file)
/// are dropped, their children taking their place; nesting deeper than
/// `maximumDepth` is flattened to that depth; past `maximumEntries` the rest
/// are left out; labels are made one line without control characters and cut
/// at `maximumLabel` characters. Each kind of fault is one warning per book
/// (`NavigationIssues`), however many entries have it.
struct TableOfContents {
    private static let opsNamespace = "http://www.idpf.org/2007/ops"
    /// The deepest level kept; deeper entries are read at this level.
    static let maximumDepth = 8
    /// Entries read at most; a table of contents is never longer in a real book.
    static let maximumEntries = 5000
    /// Characters of a label kept; a longer one is cut and ends with `…`.
    static let maximumLabel = 300

    private let container: Container
    private let documentPath: String

    /// The entries of the first usable source and that source's path, or none.
    static func read(
        navigationPath: String?, ncxPath: String?, container: Container, warnings: inout [BookWarning]
    ) -> (entries: [TOCEntry], document: String?) {
        if let navigationPath {
            let reader = TableOfContents(container: container, documentPath: navigationPath)
            var issues = NavigationIssues(document: navigationPath)
            let entries = reader.navigationEntries(warnings: &warnings, issues: &issues)
            if let entries, !entries.isEmpty {
                warnings += issues.warnings
                return (entries, navigationPath)
            }
        }
        if let ncxPath {
            let reader = TableOfContents(container: container, documentPath: ncxPath)
            var issues = NavigationIssues(document: ncxPath)
            if let entries = reader.ncxEntries(warnings: &warnings, issues: &issues) {
                warnings += issues.warnings
                return (entries, ncxPath)
            }
        }
        return ([], nil)
    }

    /// The titles of the first entry pointing into each document, depth first.
    static func firstTitles(in entries: [TOCEntry]) -> [String: String] {
        var titles: [String: String] = [:]
        func visit(_ entries: [TOCEntry]) {
            for entry in entries {
                if titles[entry.path] == nil, !entry.title.isEmpty { titles[entry.path] = entry.title }
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

    private func navigationEntries(warnings: inout [BookWarning], issues: inout NavigationIssues) -> [TOCEntry]? {
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
        var count = 0
        return flattenedBeyondDepth(navigationList(list, depth: 1, count: &count, issues: &issues), issues: &issues)
    }

    private func navigationList(_ list: XMLNode, depth: Int, count: inout Int, issues: inout NavigationIssues) -> [TOCEntry] {
        var entries: [TOCEntry] = []
        for item in list.elements(named: "li") {
            guard count < Self.maximumEntries else {
                issues.note(.tooMany, "")
                break
            }
            count += 1
            let label = item.elements.first { $0.name == "a" || $0.name == "span" }
            let title = label.map(\.content).flatMap { $0.isEmpty ? nil : $0 } ?? label?.attribute("title") ?? ""
            let children = item.elements(named: "ol").first.map { navigationList($0, depth: depth + 1, count: &count, issues: &issues) } ?? []
            entries += entry(title: title, href: label?.attribute("href"), children: children, issues: &issues)
        }
        return entries
    }

    private func ncxEntries(warnings: inout [BookWarning], issues: inout NavigationIssues) -> [TOCEntry]? {
        guard let root = document(warnings: &warnings)?.root else { return nil }
        guard let navMap = root.elements(named: "navMap").first else {
            warnings.append(BookWarning("\(documentPath): the NCX has no navMap"))
            return nil
        }
        var count = 0
        return flattenedBeyondDepth(ncxPoints(in: navMap, count: &count, issues: &issues), issues: &issues)
    }

    private func ncxPoints(in parent: XMLNode, count: inout Int, issues: inout NavigationIssues) -> [TOCEntry] {
        var entries: [TOCEntry] = []
        for point in parent.elements(named: "navPoint") {
            guard count < Self.maximumEntries else {
                issues.note(.tooMany, "")
                break
            }
            count += 1
            let label = point.elements(named: "navLabel").first?.elements(named: "text").first
            let children = ncxPoints(in: point, count: &count, issues: &issues)
            let href = point.elements(named: "content").first?.attribute("src")
            entries += entry(title: label?.content ?? "", href: href, children: children, issues: &issues)
        }
        return entries
    }

    /// The entry for a link, or its children alone when the link leads nowhere readable.
    private func entry(title raw: String, href: String?, children: [TOCEntry], issues: inout NavigationIssues) -> [TOCEntry] {
        let title = label(raw, issues: &issues)
        guard let href else { return children }
        let reference: ContainerPath.Reference?
        do {
            reference = try ContainerPath.resolve(href, from: documentPath)
        } catch {
            issues.note(.outside, "TOC entry '\(title)' links outside the book (\(TerminalText.line(href, limit: 120)))")
            return children
        }
        guard let reference else {
            issues.note(.outside, "TOC entry '\(title)' links outside the book (\(TerminalText.line(href, limit: 120)))")
            return children
        }
        guard container.contains(reference.path) else {
            issues.note(.missingFile, "TOC entry '\(title)' points to \(reference.path), which is not in the book")
            return children
        }
        return [TOCEntry(title: title, path: reference.path, fragment: reference.fragment, children: children)]
    }

    /// A label as one line: whitespace and control characters collapsed to
    /// single spaces, cut at `maximumLabel` characters.
    private func label(_ raw: String, issues: inout NavigationIssues) -> String {
        var cleaned = raw
        if raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !" \t\n\r".unicodeScalars.contains($0) }) {
            cleaned = String(String.UnicodeScalarView(raw.unicodeScalars.map {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format && $0.value < 0x2000 ? " " : $0
            }))
            issues.note(.controlCharacters, "TOC entry '\(TerminalText.line(cleaned.collapsingWhitespace, limit: 60))' has control characters in its label")
        }
        cleaned = cleaned.collapsingWhitespace
        if cleaned.count > Self.maximumLabel {
            cleaned = String(cleaned.prefix(Self.maximumLabel - 1)) + "…"
            issues.note(.longLabel, "TOC entry '\(cleaned.prefix(40))…' has a label over \(Self.maximumLabel) characters; it is cut")
        }
        return cleaned
    }

    /// `entries` with every entry deeper than `maximumDepth` lifted to that depth, in reading order.
    private func flattenedBeyondDepth(_ entries: [TOCEntry], issues: inout NavigationIssues) -> [TOCEntry] {
        func lift(_ entries: [TOCEntry], depth: Int) -> [TOCEntry] {
            entries.map { entry in
                var entry = entry
                if depth == Self.maximumDepth, !entry.children.isEmpty {
                    issues.note(.tooDeep, "TOC entry '\(entry.title)' nests deeper than \(Self.maximumDepth) levels")
                    let below = Self.flattened(entry.children)
                    entry.children = below.map { TOCEntry(title: $0.title, path: $0.path, fragment: $0.fragment, children: []) }
                } else {
                    entry.children = lift(entry.children, depth: depth + 1)
                }
                return entry
            }
        }
        return lift(entries, depth: 1)
    }

    /// Every entry below `entries`, depth first, in reading order.
    static func flattened(_ entries: [TOCEntry]) -> [TOCEntry] {
        var result: [TOCEntry] = []
        var stack = Array(entries.reversed())
        while let entry = stack.popLast() {
            result.append(entry)
            stack += entry.children.reversed()
        }
        return result
    }
}
