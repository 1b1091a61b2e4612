/// The chapter marks of the single-file audiobook: one per distinct place
/// where table-of-contents entries begin (`book.json`'s `toc`), at the first
/// sample of the entry's first word, and the entries' nesting over them.
///
/// Entries that begin at the same sample are one mark (their titles joined,
/// the outer first). Audio before the first entry (a cover, a title page)
/// gets a first mark titled with the book's title; audio of a chapter without
/// entries belongs to the mark before it. A manifest without a `toc`
/// (versions 1 and 2) gets a mark per chapter, at its start.
struct ChapterMarks {
    /// A span of the file, in samples at the codec's rate.
    struct Mark: Equatable {
        var start: Int64
        var end: Int64
        var title: String
    }

    /// The nesting: a mark, or an entry with children (its own mark, if it has one of its own, comes first).
    indirect enum Node: Equatable {
        case mark(Int)
        case group(title: String, children: [Node])
    }

    private(set) var marks: [Mark] = []
    /// The top level, in order; every mark appears in it exactly once.
    private(set) var tree: [Node] = []

    /// The marks of `toc` over chapters that start at `starts` (spine index → sample) and last until `ends`.
    init(toc: [BookManifest.TOCEntry]?, chapters: [(index: Int, title: String, start: Int64, end: Int64)], rate: Int32,
         bookTitle: String, fileEnd: Int64) {
        guard let toc, !toc.isEmpty else {
            marks = chapters.map { Mark(start: $0.start, end: $0.end, title: $0.title) }
            tree = marks.indices.map { .mark($0) }
            return
        }
        let span = Dictionary(chapters.map { ($0.index, ($0.start, $0.end)) }, uniquingKeysWith: { first, _ in first })
        var placed: Set<Int> = []
        var lastStart: Int64 = -1
        func sample(of entry: BookManifest.TOCEntry) -> Int64? {
            guard let (start, end) = span[entry.chapter] else { return nil }
            let at = start + Int64((entry.begin.value * Double(rate)).rounded())
            return max(lastStart, min(max(at, start), end))
        }
        func visit(_ entry: BookManifest.TOCEntry) -> Node? {
            var own: [Node] = []
            if let at = sample(of: entry) {
                let title = SafeName.title(entry.title, fallback: "Chapter \(entry.chapter)")
                if at == lastStart, let last = marks.indices.last {
                    if !marks[last].title.split(separator: ":").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(title) {
                        marks[last].title += ": " + title
                    }
                } else {
                    marks.append(Mark(start: at, end: at, title: title))
                    lastStart = at
                }
                let index = marks.count - 1
                if placed.insert(index).inserted { own = [.mark(index)] }
            }
            let children = entry.children.compactMap(visit)
            if children.isEmpty { return own.first }
            return .group(title: SafeName.title(entry.title, fallback: "Chapter \(entry.chapter)"), children: own + children)
        }
        tree = toc.compactMap(visit)
        if let first = marks.first, first.start > 0 {
            let firstChapter = chapters.first
            let before = toc.first.map { $0.chapter != firstChapter?.index || $0.offset > 0 } ?? true
            if before {
                marks.insert(Mark(start: 0, end: 0, title: SafeName.title(bookTitle, fallback: "Start")), at: 0)
                tree = [.mark(0)] + tree.map { $0.shifted }
            } else {
                // The first entry is where the narration starts: its mark starts with the file.
                marks[0].start = 0
            }
        }
        for index in marks.indices {
            marks[index].end = index + 1 < marks.count ? marks[index + 1].start : fileEnd
        }
    }
}

private extension ChapterMarks.Node {
    /// The node with every mark index one higher (a mark was inserted first).
    var shifted: Self {
        switch self {
        case let .mark(index): .mark(index + 1)
        case let .group(title, children): .group(title: title, children: children.map(\.shifted))
        }
    }
}
