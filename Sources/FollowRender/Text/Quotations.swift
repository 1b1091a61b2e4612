/// A stretch of quoted speech in a chapter's narration: its marks included,
/// and the paragraph it is in.
public struct Quotation: Hashable, Sendable {
    public var range: TextRange
    /// Index in `ChapterText.paragraphs`.
    public var paragraph: Int

    public init(range: TextRange, paragraph: Int) {
        self.range = range
        self.paragraph = paragraph
    }
}

/// Finds the quoted speech of a chapter: the text of `<q>` elements, and
/// text between the quotation marks of the book's languages: “…” (English),
/// «…» (French, Spanish, Russian), »…« and „…“ (German), 「…」 and 『…』
/// (Japanese, Chinese), "…" (straight quotes).
///
/// A paragraph that ends inside a quotation ends it (a speech running over
/// several paragraphs reopens its mark in each, by the printers' rule). A
/// mark of another kind inside a quotation (a quotation within it) does not
/// end it. Single quotes are left alone: ‘ and ’ are also apostrophes.
/// Linear in the text.
public enum Quotations {
    /// Each opening mark and the marks that close it.
    static let marks: [UInt16: Set<UInt16>] = [
        0x201C: [0x201D], // “ ”
        0x00AB: [0x00BB], // « »
        0x00BB: [0x00AB], // » « (German)
        0x201E: [0x201C, 0x201D], // „ “ (German), „ ” (Polish, Hungarian)
        0x300C: [0x300D], // 「 」
        0x300E: [0x300F], // 『 』
        0x0022: [0x0022], // " "
    ]

    /// The quotations of `text`, in order, not overlapping; `units` is its UTF-16 text.
    public static func find(in text: ChapterText, units: [UInt16]) -> [Quotation] {
        var found: [Quotation] = []
        let marked = text.quotations.compactMap { trimmed($0, units: units) }
        var nextMarked = 0
        for (index, paragraph) in text.paragraphs.enumerated() where paragraph.kind == .text {
            var local: [Quotation] = []
            var open: (start: Int, closers: Set<UInt16>)?
            var offset = paragraph.range.location
            while offset < paragraph.range.end {
                let unit = units[offset]
                if let current = open {
                    if current.closers.contains(unit) {
                        local.append(Quotation(range: TextRange(location: current.start, length: offset + 1 - current.start), paragraph: index))
                        open = nil
                    }
                } else if let closers = marks[unit] {
                    open = (offset, closers)
                }
                offset += 1
            }
            if let current = open, paragraph.range.end > current.start + 1 {
                local.append(Quotation(range: TextRange(location: current.start, length: paragraph.range.end - current.start), paragraph: index))
            }
            // `<q>` elements of this paragraph replace the marked quotations they overlap.
            var elements: [Quotation] = []
            while nextMarked < marked.count, marked[nextMarked].location < paragraph.range.end {
                let range = marked[nextMarked]
                nextMarked += 1
                guard paragraph.range.contains(range.location) else { continue }
                let clipped = TextRange(location: range.location, length: min(range.end, paragraph.range.end) - range.location)
                elements.append(Quotation(range: clipped, paragraph: index))
            }
            if !elements.isEmpty {
                local = local.filter { quote in !elements.contains { $0.range.location < quote.range.end && quote.range.location < $0.range.end } }
                local = (local + elements).sorted { $0.range.location < $1.range.location }
            }
            found += local
        }
        return found
    }

    /// `range` without the whitespace around it (a `<q>`'s range may start with the space before it); nil when empty.
    private static func trimmed(_ range: TextRange, units: [UInt16]) -> TextRange? {
        var start = range.location, end = min(range.end, units.count)
        while start < end, CodeUnit.isWhitespace(units[start]) { start += 1 }
        while end > start, CodeUnit.isWhitespace(units[end - 1]) { end -= 1 }
        return start < end ? TextRange(location: start, length: end - start) : nil
    }
}
