/// Builds `book.json`'s `toc`: the table-of-contents entries placed in the
/// narration (`Chapter.marks`, by `NavigationResolver`), timed from the
/// rendered chapters' sidecars.
///
/// An entry begins at the `begin` of its first word: the first word of its
/// chapter that ends after its offset (its chapter's end when no word does).
/// Entries of chapters not in `book.json` (not rendered, skipped) are left
/// out; an entry left out passes its children to the nearest entry above it
/// that is kept, so the nesting stays a tree of what is there.
struct TOCBuilder {
    var navigation: BookNavigation
    /// The narrated chapters as read, with their marks.
    var chapters: [Chapter]

    /// The entries of `manifest`'s chapters, their times read from the sidecars in `folder`.
    func entries(for manifest: BookManifest, folder: String) -> [BookManifest.TOCEntry] {
        let byIndex = Dictionary(chapters.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        // Placed entries in reading order: (navigation entry or nil, the TOC entry).
        var placed: [(entry: Int?, value: BookManifest.TOCEntry)] = []
        for rendered in manifest.chapters {
            guard let chapter = byIndex[rendered.index], !chapter.marks.isEmpty else { continue }
            let words = (try? OwnFiles.timing(at: folder + "/" + rendered.timing))
                .map { $0.sentences.flatMap(\.words) } ?? []
            for mark in chapter.marks {
                let begin = words.first { $0.range.location + $0.range.length > mark.offset }?.begin
                    ?? words.last?.end ?? Seconds(0)
                let entry = mark.entry.map { navigation.entries[$0] }
                let title = entry.map(\.title).flatMap { $0.isEmpty ? nil : $0 } ?? rendered.title
                placed.append((mark.entry, BookManifest.TOCEntry(title: title, level: 1, href: mark.href, chapter: rendered.index,
                                                                  offset: mark.offset, begin: begin)))
            }
        }
        return nest(placed)
    }

    /// The placed entries as a tree following the navigation's nesting.
    private func nest(_ placed: [(entry: Int?, value: BookManifest.TOCEntry)]) -> [BookManifest.TOCEntry] {
        let kept = Set(placed.compactMap(\.entry))
        // The nearest kept ancestor of each placed entry.
        func keptParent(of entry: Int?) -> Int? {
            var parent = entry.flatMap { navigation.entries[$0].parent }
            while let candidate = parent, !kept.contains(candidate) { parent = navigation.entries[candidate].parent }
            return parent
        }
        let parents = placed.map { keptParent(of: $0.entry) }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        let position = Dictionary(placed.enumerated().compactMap { item in item.element.entry.map { ($0, item.offset) } },
                                  uniquingKeysWith: { first, _ in first })
        for (index, parent) in parents.enumerated() {
            if let parent, let at = position[parent], at < index { children[at, default: []].append(index) } else { roots.append(index) }
        }
        func build(_ index: Int, level: Int) -> BookManifest.TOCEntry {
            var value = placed[index].value
            value.level = level
            value.children = (children[index] ?? []).map { build($0, level: level + 1) }
            return value
        }
        return roots.map { build($0, level: 1) }
    }
}
