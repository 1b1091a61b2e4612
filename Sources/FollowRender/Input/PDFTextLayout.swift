import Foundation

/// A page's text as lines in reading order: poppler's lines with their boxes,
/// and on a two-column page the left column top to bottom, then the right
/// (lines spanning both columns, such as a title, stay above or below them).
struct PDFTextLayout {
    /// One line of text and its bounding box (top-left origin, points).
    struct Line: Hashable, Sendable {
        var text: String
        var x1, y1, x2, y2: Double
        var page: Int
        /// The largest font size on the line (0 when unknown).
        var fontSize: Double
        var height: Double { y2 - y1 }
    }

    var lines: [Line]
    var isTwoColumn: Bool

    /// Fewer lines than this on either side do not make a column.
    static let minimumColumnLines = 3

    init(page: PDFPage) {
        let raw = Self.lines(of: page)
        let middle = page.width / 2
        let left = raw.filter { $0.x2 <= middle + 1 }
        let right = raw.filter { $0.x1 >= middle - 1 }
        isTwoColumn = left.count >= Self.minimumColumnLines && right.count >= Self.minimumColumnLines
        guard isTwoColumn else {
            lines = raw
            return
        }
        let spanning = raw.filter { $0.x2 > middle + 1 && $0.x1 < middle - 1 }
        let columnTop = (left + right).map(\.y1).min() ?? 0
        let byTop = { (a: Line, b: Line) in a.y1 < b.y1 || (a.y1 == b.y1 && a.x1 < b.x1) }
        lines = spanning.filter { $0.y1 < columnTop }.sorted(by: byTop) + left.sorted(by: byTop)
            + right.sorted(by: byTop) + spanning.filter { $0.y1 >= columnTop }.sorted(by: byTop)
    }

    /// Poppler's lines, each with the box around its characters; when the
    /// layout does not match the text, the lines in poppler's order without boxes.
    private static func lines(of page: PDFPage) -> [Line] {
        let scalars = Array(page.text.unicodeScalars)
        let boxes = page.boxes.count == scalars.count ? page.boxes : []
        var result: [Line] = []
        var text = ""
        var box: (x1: Double, y1: Double, x2: Double, y2: Double)?
        var fontSize = 0.0
        let sizes = page.fontSizes.count >= scalars.count ? page.fontSizes : []
        func finish() {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty {
                let fallback = Double(result.count) * 12
                let b = box ?? (0, fallback, 0, fallback + 10)
                result.append(Line(text: trimmed, x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2, page: page.index, fontSize: fontSize))
            }
            text = ""
            box = nil
            fontSize = 0
        }
        for (offset, scalar) in scalars.enumerated() {
            if scalar == "\n" {
                finish()
                continue
            }
            text.unicodeScalars.append(scalar)
            if !sizes.isEmpty, !scalar.properties.isWhitespace { fontSize = max(fontSize, sizes[offset]) }
            guard !boxes.isEmpty, !scalar.properties.isWhitespace else { continue }
            let b = boxes[offset]
            box = box.map { (min($0.x1, b.x1), min($0.y1, b.y1), max($0.x2, b.x2), max($0.y2, b.y2)) } ?? (b.x1, b.y1, b.x2, b.y2)
        }
        finish()
        return result
    }
}
