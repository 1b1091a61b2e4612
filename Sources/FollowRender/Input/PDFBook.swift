import Foundation

/// A PDF as chapters: its text in reading order (`PDFTextLayout`), without
/// the running headers, footers and page numbers that repeat across pages,
/// split at the outline's entries (where on the page each points, not only
/// which page), else every `pagesPerChapter` pages. Paragraphs break where
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
        let outline = Self.topEntries(document.outline)
        var starts = outline.compactMap { entry -> Start? in
            guard entry.page < pages.count else { return nil }
            let height = layouts[entry.page].1
            let lines = pages[entry.page]
            let line = entry.top.map { top in
                lines.firstIndex { line in
                    line.y2 > height - top + 1 && (entry.left.map { line.x1 >= $0 - 3 } ?? true)
                } ?? lines.count
            } ?? 0
            return Start(title: entry.title, page: entry.page, line: line)
        }
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
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : Start(title: "", page: pages.count, line: 0)
            var lines: [PDFTextLayout.Line] = []
            for page in start.page...min(end.page, pages.count - 1) {
                let from = page == start.page ? start.line : 0
                let to = page == end.page ? end.line : pages[page].count
                if from < to { lines += pages[page][from..<to] }
            }
            let body = Self.body(lines, title: start.title)
            if !body.isEmpty { chapters.append(DraftBook.Chapter(title: start.title, body: body)) }
        }
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

    /// XHTML paragraphs of a chapter's lines; a first line equal to the title becomes its heading.
    private static func body(_ lines: [PDFTextLayout.Line], title: String) -> String {
        var lines = lines[...]
        var markup = ""
        let normalized = { (text: String) in text.lowercased().filter { $0.isLetter || $0.isNumber } }
        if let first = lines.first, normalized(first.text) == normalized(title) {
            markup += "<h1>\(XMLEscaping.escaped(first.text))</h1>\n"
            lines = lines.dropFirst()
        }
        let heights = lines.map(\.height).sorted()
        let lineHeight = heights.isEmpty ? 12 : max(heights[heights.count / 2], 1)
        let sizes = lines.map(\.fontSize).sorted()
        let bodySize = sizes.isEmpty ? 0 : sizes[sizes.count / 2]
        var paragraph = ""
        var previous: PDFTextLayout.Line?
        for line in lines {
            // A short line in a larger font than the body text is a heading.
            if bodySize > 0, line.fontSize >= bodySize * Self.headingScale, line.text.count <= 120 {
                for piece in paragraph.isEmpty ? [] : LongParagraph.pieces(paragraph) { markup += "<p>\(XMLEscaping.escaped(piece))</p>\n" }
                markup += "<h2>\(XMLEscaping.escaped(line.text))</h2>\n"
                paragraph = ""
                previous = nil
                continue
            }
            if let last = previous, !paragraph.isEmpty {
                let gap = line.y1 - last.y2
                // A new page or column continues the paragraph unless the last line ended a sentence.
                let jumped = line.page != last.page || gap < -lineHeight
                let ended = paragraph.last.map { ".!?\"”)".contains($0) } ?? false
                if jumped ? ended : gap > lineHeight * 0.8 {
                    for piece in LongParagraph.pieces(paragraph) { markup += "<p>\(XMLEscaping.escaped(piece))</p>\n" }
                    paragraph = ""
                }
            }
            PlainTextBook.append(line.text, to: &paragraph)
            previous = line
        }
        for piece in paragraph.isEmpty ? [] : LongParagraph.pieces(paragraph) { markup += "<p>\(XMLEscaping.escaped(piece))</p>\n" }
        return markup
    }
}
