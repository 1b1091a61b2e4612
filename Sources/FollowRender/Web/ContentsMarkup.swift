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

    /// Where each entry's text starts and ends in the book's text, as UTF-16
    /// units counted through the chapters in reading order (`WebPage.positions`):
    /// an entry runs to the next entry that is not below it, or to the book's end,
    /// so a part's progress covers its chapters. Depth first, as `durations`.
    private func extents(positions: [Int: Int], end: Int) -> [(from: Int, to: Int)] {
        func below(_ entry: BookManifest.TOCEntry) -> Int { entry.children.reduce(0) { $0 + 1 + below($1) } }
        let flat = toc.flatMap(\.flattened)
        let starts = flat.map { (positions[$0.chapter] ?? 0) + $0.offset }
        return flat.indices.map { index in
            let next = index + 1 + below(flat[index])
            return (starts[index], next < starts.count ? max(starts[index], starts[next]) : max(starts[index], end))
        }
    }

    /// `<ol>` of the entries; `withDurations` adds each one's length (to the next entry), and
    /// `progress` (the book page) each entry's progress bar, whose `data-from` and `data-to`
    /// are its extent in the book's text (`library.js` fills it from the saved position);
    /// `positions` is each chapter's first unit in the book's text and `end` the text's length.
    func list(withDurations: Bool, progress: (start: [Int: Int], end: Int)? = nil, current: Int? = nil) -> String {
        let durations = self.durations
        let extents = progress.map { self.extents(positions: $0.start, end: $0.end) } ?? []
        var number = 0
        func items(_ entries: [BookManifest.TOCEntry]) -> String {
            entries.map { entry in
                let duration = durations[number]
                let extent = extents.indices.contains(number) ? extents[number] : nil
                number += 1
                let title = XMLEscaping.escaped(entry.title)
                let page = pages[entry.chapter] ?? "#"
                var line = "<li><a href=\"\(page)#at=\(entry.offset)\" data-chapter=\"\(entry.chapter)\" data-at=\"\(entry.offset)\""
                    + (entry.chapter == current ? " class=\"here\"" : "") + ">\(title)</a>"
                if withDurations { line += "<span class=\"duration\">\(WebPage.clock(duration))</span>" }
                if let extent { line += WebPage.progressBar(from: extent.from, to: extent.to, label: title) }
                if !entry.children.isEmpty { line += "<ol>" + items(entry.children) + "</ol>" }
                return line + "</li>"
            }.joined(separator: "\n")
        }
        return items(toc)
    }
}
