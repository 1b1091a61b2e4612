/// The narration text of one chapter as HTML for the web player: its
/// paragraphs and headings, a `span.s` per sidecar sentence and a `span.w` per
/// sidecar word, in sidecar order, so the script finds the element of word
/// *n* as the *n*-th `.w` without ids.
///
/// The text is the sidecar's own `text`, sliced by its UTF-16 ranges; line
/// breaks inside a paragraph become `<br>`. A sentence never straddles two
/// blocks: a paragraph that would cut one is extended to the sentence's end.
struct ChapterMarkup {
    let timing: ChapterTiming
    let paragraphs: [Paragraph]

    /// The HTML of the chapter's text; the chapter title goes first as `<h1>`
    /// unless the text itself starts with a heading.
    func html() -> String {
        let units = Array(timing.text.utf16)
        let blocks = Self.blocks(paragraphs, sentences: timing.sentences, length: units.count)
        var html = ""
        if blocks.first?.kind != .heading {
            html += "<h1 class=\"chapter-title\">\(HTMLText.escape(timing.chapter.title))</h1>\n"
        }
        var headings = 0
        var next = 0
        for block in blocks {
            let tag = block.kind == .text ? "p" : headings == 0 ? "h1" : "h2"
            if block.kind == .heading { headings += 1 }
            html += "<\(tag)>"
            var cursor = block.range.location
            while next < timing.sentences.count, timing.sentences[next].range.location < block.range.end {
                let sentence = timing.sentences[next]
                html += Self.text(units, cursor, sentence.range.location) + "<span class=\"s\">"
                var inside = sentence.range.location
                for word in sentence.words {
                    html += Self.text(units, inside, word.range.location)
                        + "<span class=\"w\">" + Self.text(units, word.range.location, word.range.end) + "</span>"
                    inside = word.range.end
                }
                html += Self.text(units, inside, sentence.range.end) + "</span>"
                cursor = sentence.range.end
                next += 1
            }
            html += Self.text(units, cursor, block.range.end) + "</\(tag)>\n"
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
            blocks.append(Paragraph(range: TextRange(location: start, length: end - start), kind: paragraph.kind))
            covered = end
        }
        return blocks
    }

    /// The escaped text between two UTF-16 offsets, line breaks as `<br>`.
    private static func text(_ units: [UInt16], _ start: Int, _ end: Int) -> String {
        guard end > start else { return "" }
        let piece = String(decoding: units[start..<min(end, units.count)], as: UTF16.self)
        return HTMLText.escape(piece).replacingOccurrences(of: "\n", with: "<br>\n")
    }
}
