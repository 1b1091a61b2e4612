import Foundation

/// A PDF as chapters: its text in reading order (`PDFTextLayout`), without
/// the running headers, footers and page numbers that repeat across pages,
/// split at the outline's entries (where on the page each points, not only
/// which page), else every `pagesPerChapter` pages; the entries below those
/// are the chapters' sections (nested entries of the navigation document, at
/// ids on the line each points to: a heading when the line is its title). Paragraphs break where
/// the gap between lines is wider than usual; wrapped lines are joined and a
/// word split by a line-end hyphen is mended. A PDF without a text layer is refused.
struct PDFBook {
    var title: String?
    var author: String?
    var chapters: [DraftBook.Chapter] = []
    var warnings: [BookWarning] = []

    /// A line whose font is this much larger than the body text's is a heading.
    static let headingScale = 1.15

    /// A chapter's first line, where its text starts.
    private struct Start {
        var title: String
        var page: Int
        var line: Int
    }

    init(data: Data, pagesPerChapter: Int) throws(BookError) {
        let document = try PDFDocument(data: data)
        title = document.title
        author = document.author
        let layouts = (0..<document.pageCount).compactMap { document.page($0) }.map { (PDFTextLayout(page: $0), $0.height) }
        guard layouts.contains(where: { !$0.0.lines.isEmpty }) else {
            throw BookError(.noText, "no text layer: the PDF's \(document.pageCount) page(s) hold only images (scanned?); "
                + "follow-render does no OCR")
        }
        let pages = Self.withoutRunningLines(layouts.map(\.0.lines))
        // Where an entry points: its page and the first line at or below its top (and right of its left).
        func place(_ entry: PDFOutlineEntry) -> (page: Int, line: Int)? {
            guard entry.page < pages.count else { return nil }
            let height = layouts[entry.page].1
            let lines = pages[entry.page]
            let line = entry.top.map { top in
                lines.firstIndex { line in
                    line.y2 > height - top + 1 && (entry.left.map { line.x1 >= $0 - 3 } ?? true)
                } ?? lines.count
            } ?? 0
            return (entry.page, line)
        }
        let outline = Self.topEntries(document.outline)
        var starts = outline.compactMap { entry in place(entry).map { Start(title: entry.title, page: $0.page, line: $0.line) } }
        if starts.isEmpty {
            let size = max(1, pagesPerChapter)
            starts = stride(from: 0, to: pages.count, by: size).map { first in
                let last = min(first + size, pages.count)
                return Start(title: last == first + 1 ? "Page \(last)" : "Pages \(first + 1)–\(last)", page: first, line: 0)
            }
        } else if starts[0].page > 0 || starts[0].line > 0 {
            starts.insert(Start(title: title ?? "Opening", page: 0, line: 0), at: 0)
        }
        starts.sort { ($0.page, $0.line) < ($1.page, $1.line) }
        // The entries below the chapters', in outline order, with their depth below the chapter (1, 2 …).
        let sections = Self.flattened(outline.flatMap(\.children), depth: 1).compactMap { entry, depth in
            place(entry).map { (title: entry.title, depth: depth, page: $0.page, line: $0.line) }
        }
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : Start(title: "", page: pages.count, line: 0)
            var lines: [PDFTextLayout.Line] = []
            var keys: [(page: Int, line: Int)] = []
            for page in start.page...min(end.page, pages.count - 1) {
                let from = page == start.page ? start.line : 0
                let to = page == end.page ? end.line : pages[page].count
                if from < to {
                    lines += pages[page][from..<to]
                    keys += (from..<to).map { (page, $0) }
                }
            }
            // This chapter's sections, and the first one beginning at each line (the others at that line share its id).
            var atLine: [Int: DraftBook.Section] = [:]
            var chapterSections: [DraftBook.Section] = []
            for section in sections where (start.page, start.line) <= (section.page, section.line)
                && (section.page, section.line) < (end.page, end.line) {
                guard let line = keys.firstIndex(where: { $0 >= (section.page, section.line) }) else { continue }
                let placed = DraftBook.Section(title: section.title, depth: min(section.depth, Self.maximumSectionDepth),
                                               id: atLine[line]?.id ?? DraftBook.Section.id(atLine.count + 1))
                if atLine[line] == nil { atLine[line] = placed }
                chapterSections.append(placed)
            }
            let body = Self.body(lines, title: start.title, sections: atLine)
            if !body.isEmpty { chapters.append(DraftBook.Chapter(title: start.title, body: body, sections: chapterSections)) }
        }
    }

    /// The deepest section below a chapter: with the chapter's, the navigation's eight levels.
    static let maximumSectionDepth = 7

    /// Outline entries and their descendants in order, each with its depth (`depth` for these).
    private static func flattened(_ entries: [PDFOutlineEntry], depth: Int) -> [(PDFOutlineEntry, Int)] {
        entries.flatMap { entry in [(entry, depth)] + flattened(entry.children, depth: depth + 1) }
    }

    /// The outline's top level, or the level below a single top entry (a book title).
    private static func topEntries(_ outline: [PDFOutlineEntry]) -> [PDFOutlineEntry] {
        outline.count == 1 && !outline[0].children.isEmpty ? outline[0].children : outline
    }

    /// Drops, on each page, top and bottom lines that are page numbers or that
    /// repeat (digits aside) on at least half of the pages, and at least two.
    static func withoutRunningLines(_ pages: [[PDFTextLayout.Line]]) -> [[PDFTextLayout.Line]] {
        let key = { (line: PDFTextLayout.Line) in
            String(line.text.lowercased().map { $0.isNumber ? "#" : $0 }.filter { !$0.isWhitespace })
        }
        let edges = { (lines: [PDFTextLayout.Line]) -> [Int] in
            let order = lines.indices.sorted { lines[$0].y1 < lines[$1].y1 }
            return Array(Set(order.prefix(2) + order.suffix(2))).sorted()
        }
        var counts: [String: Int] = [:]
        for lines in pages {
            for key in Set(edges(lines).map { key(lines[$0]) }) { counts[key, default: 0] += 1 }
        }
        let repeated = max(2, (pages.count + 1) / 2)
        return pages.map { lines in
            let dropped = Set(edges(lines).filter { index in
                isPageNumber(lines[index].text) || counts[key(lines[index]), default: 0] >= repeated
            })
            return lines.indices.filter { !dropped.contains($0) }.map { lines[$0] }
        }
    }

    /// `12`, `- 12 -`, `xii`, `Page 12`, `12 / 40`.
    static func isPageNumber(_ text: String) -> Bool {
        let pattern = #"^[-–—\s]*(page\s+)?([0-9]+|[ivxlcdm]+)(\s*(/|of)\s*[0-9]+)?[-–—\s]*$"#
        return text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// XHTML paragraphs of a chapter's lines; a first line equal to the title
    /// becomes its heading. A section begins a new element at its line (by
    /// index in `lines`) with the section's id: a heading when the line is the
    /// section's title, else the paragraph that starts there.
    private static func body(_ lines: [PDFTextLayout.Line], title: String, sections: [Int: DraftBook.Section] = [:]) -> String {
        var lines = lines[...]
        var markup = ""
        let normalized = { (text: String) in text.lowercased().filter { $0.isLetter || $0.isNumber } }
        let attribute = { (id: String?) in id.map { " id=\"\($0)\"" } ?? "" }
        if let first = lines.first, normalized(first.text) == normalized(title) {
            markup += "<h1\(attribute(sections[lines.startIndex]?.id))>\(XMLEscaping.escaped(first.text))</h1>\n"
            lines = lines.dropFirst()
        }
        let heights = lines.map(\.height).sorted()
        let lineHeight = heights.isEmpty ? 12 : max(heights[heights.count / 2], 1)
        let sizes = lines.map(\.fontSize).sorted()
        let bodySize = sizes.isEmpty ? 0 : sizes[sizes.count / 2]
        var paragraph = ""
        // The id of the section the paragraph being gathered begins.
        var paragraphID: String?
        func flush() {
            for (number, piece) in (paragraph.isEmpty ? [] : LongParagraph.pieces(paragraph)).enumerated() {
                markup += "<p\(number == 0 ? attribute(paragraphID) : "")>\(XMLEscaping.escaped(piece))</p>\n"
            }
            paragraph = ""
            paragraphID = nil
        }
        var previous: PDFTextLayout.Line?
        for (index, line) in zip(lines.indices, lines) {
            if let section = sections[index] {
                flush()
                previous = nil
                if normalized(line.text) == normalized(section.title) {
                    let level = min(section.depth + 1, 6)
                    markup += "<h\(level)\(attribute(section.id))>\(XMLEscaping.escaped(line.text))</h\(level)>\n"
                    continue
                }
                paragraphID = section.id
            }
            // A short line in a larger font than the body text is a heading.
            if bodySize > 0, line.fontSize >= bodySize * Self.headingScale, line.text.count <= 120 {
                let id = paragraph.isEmpty ? paragraphID : nil
                flush()
                markup += "<h2\(attribute(id))>\(XMLEscaping.escaped(line.text))</h2>\n"
                previous = nil
                continue
            }
            if let last = previous, !paragraph.isEmpty {
                let gap = line.y1 - last.y2
                // A new page or column continues the paragraph unless the last line ended a sentence.
                let jumped = line.page != last.page || gap < -lineHeight
                let ended = paragraph.last.map { ".!?\"”)".contains($0) } ?? false
                if jumped ? ended : gap > lineHeight * 0.8 { flush() }
            }
            PlainTextBook.append(line.text, to: &paragraph)
            previous = line
        }
        flush()
        return markup
    }
}
