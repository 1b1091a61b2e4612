/// The book's table of contents (`book.json`'s `toc`) as nested HTML lists
/// for the web player: on the book page with each entry's duration, in each
/// chapter page's contents menu. Every entry links to its chapter's page with
/// `#at=OFFSET`, which the player turns into playing from the entry's first
/// word (`player.js`); on the entry's own page a click seeks there directly.
struct ContentsMarkup {
    /// The entries, nested, and where each chapter's page is.
    let toc: [BookManifest.TOCEntry]
    /// Spine index → the page's percent-encoded relative link.
    let pages: [Int: String]
    /// Where the book's audio ends, in the reading order of the chapters (spine index → (start, end) in seconds, cumulative).
    let spans: [Int: (start: Double, end: Double)]

    /// Every entry depth first, with the time it starts at in the book and the time the next one does.
    private var durations: [Double] {
        let flat = toc.flatMap(\.flattened)
        let starts = flat.map { (spans[$0.chapter]?.start ?? 0) + $0.begin.value }
        let end = spans.values.map(\.end).max() ?? 0
        return starts.indices.map { max(0, (starts.indices.contains($0 + 1) ? starts[$0 + 1] : end) - starts[$0]) }
    }

    /// `<ol>` of the entries; `withDurations` adds each one's length (to the next entry), and
    /// `progress` the chapter's progress bar on the first entry of each chapter (the book page).
    func list(withDurations: Bool, progress: Bool, current: Int? = nil) -> String {
        let durations = self.durations
        var number = 0
        var seen: Set<Int> = []
        func items(_ entries: [BookManifest.TOCEntry]) -> String {
            entries.map { entry in
                let duration = durations[number]
                number += 1
                let title = XMLEscaping.escaped(entry.title)
                let page = pages[entry.chapter] ?? "#"
                var line = "<li><a href=\"\(page)#at=\(entry.offset)\" data-chapter=\"\(entry.chapter)\" data-at=\"\(entry.offset)\""
                    + (entry.chapter == current ? " class=\"here\"" : "") + ">\(title)</a>"
                if withDurations { line += "<span class=\"duration\">\(WebPage.clock(duration))</span>" }
                if progress, seen.insert(entry.chapter).inserted {
                    line += "<progress id=\"fr-progress-\(entry.chapter)\" max=\"1\" value=\"0\" aria-label=\"Listened of \(title)\">0%</progress>"
                }
                if !entry.children.isEmpty { line += "<ol>" + items(entry.children) + "</ol>" }
                return line + "</li>"
            }.joined(separator: "\n")
        }
        return items(toc)
    }
}
