/// The narration text of one chapter as HTML for the web player: a block per
/// paragraph (`p`, or for a heading `h1`…`h6` at its source level; a heading of
/// unknown level, read back from pauses alone, is `h1` first and `h2` after) whose
/// `data-at` is the UTF-16 offset of its first character in the sidecar's
/// `text`, holding exactly that text, escaped, with `<br>` for each `"\n"`.
///
/// There is no element per sentence or word: the player maps sidecar ranges
/// to DOM ranges through `data-at` (DOM strings count UTF-16 units, as the
/// sidecar does) and paints them with the CSS Custom Highlight API, so a page
/// of an hour-long chapter stays small and quick to parse. A sentence never
/// straddles two blocks: a paragraph that would cut one is extended to the
/// sentence's end.
struct ChapterMarkup {
    let timing: ChapterTiming
    let paragraphs: [Paragraph]

    /// The HTML of the chapter's text; the chapter title goes first as `<h1>`
    /// (not narrated, without `data-at`) unless the text starts with a heading.
    func html() -> String {
        let units = Array(timing.text.utf16)
        let blocks = Self.blocks(paragraphs, sentences: timing.sentences, length: units.count)
        var html = ""
        if blocks.first?.kind != .heading {
            html += "<h1 class=\"chapter-title\">\(XMLEscaping.escaped(timing.chapter.title))</h1>\n"
        }
        var headings = 0
        for block in blocks {
            let tag = block.kind == .text ? "p" : block.level.map { "h\(min(max($0, 1), 6))" } ?? (headings == 0 ? "h1" : "h2")
            if block.kind == .heading { headings += 1 }
            html += "<\(tag) data-at=\"\(block.range.location)\">" + Self.text(units, block.range) + "</\(tag)>\n"
        }
        return html
    }

    /// The paragraphs made to cover every sentence whole, in order, without overlap.
    static func blocks(_ paragraphs: [Paragraph], sentences: [TimedSentence], length: Int) -> [Paragraph] {
        var blocks: [Paragraph] = []
        var covered = 0
        var next = 0
        let ordered = paragraphs.sorted { $0.range.location < $1.range.location }
            + [Paragraph(range: TextRange(location: length, length: 0), kind: .text)]
        for (position, paragraph) in ordered.enumerated() {
            let start = max(paragraph.range.location, covered)
            var end = max(paragraph.range.end, start)
            if position == ordered.count - 1 { end = max(end, sentences.last?.range.end ?? 0) }
            while next < sentences.count, sentences[next].range.location < end {
                end = max(end, sentences[next].range.end)
                next += 1
            }
            guard end > start else { continue }
            blocks.append(Paragraph(range: TextRange(location: start, length: end - start), kind: paragraph.kind, level: paragraph.level))
            covered = end
        }
        return blocks
    }

    /// The escaped text of `range`, line breaks as `<br>` and carriage returns
    /// as references (`XMLEscaping.LineBreaks.html`).
    private static func text(_ units: [UInt16], _ range: TextRange) -> String {
        guard range.length > 0 else { return "" }
        let piece = String(decoding: units[range.location..<min(range.end, units.count)], as: UTF16.self)
        return XMLEscaping.escaped(piece, quotes: false, lineBreaks: .html)
    }
}
