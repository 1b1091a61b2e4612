/// A paragraph too long for one text node of a generated document: libxml2
/// refuses a text node over 10 MB ("huge text node") without its huge-input
/// option, which stays off for hostile input. Text and Markdown books are
/// converted with such paragraphs cut into pieces of at most `limit` UTF-16
/// units, at the last sentence end before the limit, else at the last space,
/// else at the limit itself (never inside a surrogate pair).
enum LongParagraph {
    /// A million units: at most 5 MB of XML even if every character were
    /// escaped as `&amp;`, half of libxml2's limit.
    static let limit = 1_000_000

    /// `text` cut into pieces of at most `limit` units (itself when short).
    static func pieces(_ text: String, limit: Int = LongParagraph.limit) -> [String] {
        guard text.utf16.count > limit else { return [text] }
        let units = Array(text.utf16)
        var pieces: [String] = []
        var start = 0
        while start < units.count {
            var end = min(units.count, start + limit)
            if end < units.count { end = cut(units, from: start, before: end) }
            pieces.append(String(decoding: units[start..<end], as: UTF16.self))
            start = end
            while start < units.count, units[start] == 0x20 { start += 1 }
        }
        return pieces
    }

    private static let sentenceEnds: Set<UInt16> = Set(".!?。！？".utf16)

    /// Where a piece from `start` ends, at most at `end`.
    private static func cut(_ units: [UInt16], from start: Int, before end: Int) -> Int {
        let floor = start + (end - start) / 2
        var space: Int?
        var index = end - 1
        while index > floor {
            if units[index] == 0x20 {
                if sentenceEnds.contains(units[index - 1]) { return index }
                if space == nil { space = index }
            } else if sentenceEnds.contains(units[index]), units[index] >= 0x3000 {
                return index + 1
            }
            index -= 1
        }
        if let space { return space }
        var cut = UTF16.isTrailSurrogate(units[end]) ? end - 1 : end
        // Escaped text (Markdown's) is never cut inside a reference such as `&amp;`.
        if let ampersand = units[max(start, cut - 10)..<cut].lastIndex(of: 0x26), !units[ampersand..<cut].contains(0x3B), ampersand > start {
            cut = ampersand
        }
        return cut
    }
}
