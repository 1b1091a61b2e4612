/// Decides where one wrapper element can enclose a stretch of narrated text
/// in the raw markup, so that a sentence nesting markup (`She was <i>not</i>
/// the only one.`) gets one wrapper, and pieces only where it truly crosses a
/// boundary that cannot be enclosed.
///
/// A stretch of bytes can be enclosed in one XHTML `span` when every tag in it
/// is closed in it and is phrasing content, and every character in it is either
/// narrated by the same sentence (or word) or whitespace, so the wrapper shows
/// exactly what is spoken. A stretch that starts at the very beginning of a
/// phrasing element's content (a drop cap `<span>T</span>he`, a leading `<em>`)
/// or ends at the very end of one is widened to enclose that element.
/// SVG text is never joined across text nodes: its wrapper is a `tspan`.
struct SpanEnclosure {
    /// Where a wrapper goes: its byte range and whether each end lies inside CDATA.
    struct Placement: Hashable, Sendable {
        var bytes: Range<Int>
        var opensInCDATA: Bool
        var closesInCDATA: Bool
    }

    /// A run of one text node's units narrated by the target.
    struct Piece {
        var node: Int
        var units: Range<Int>
    }

    /// Elements a `span` may hold (HTML phrasing content that can carry narrated text).
    static let phrasing: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
        "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "img",
        "label", "font", "big", "tt", "strike", "acronym",
    ]

    let raw: RawXML
    /// For each tag, the index of its matching start or end tag (itself when empty or unmatched).
    private let partner: [Int]

    init(raw: RawXML) {
        self.raw = raw
        var partner = Array(raw.tags.indices)
        var open: [Int] = []
        for (index, tag) in raw.tags.enumerated() {
            switch tag.kind {
            case .start: open.append(index)
            case .end:
                if let start = open.popLast() {
                    partner[index] = start
                    partner[start] = index
                }
            case .empty: break
            }
        }
        self.partner = partner
    }

    /// Whether pieces in this text node may be joined with others into one XHTML wrapper.
    func isXHTML(_ node: Int) -> Bool {
        node < raw.textNodes.count && raw.textNodes[node].defaultNamespace == ContentWrapper.xhtmlNamespace
    }

    /// The placement of one wrapper around `pieces` (in document order), or nil when they cannot share one.
    func placement(of pieces: [Piece]) -> Placement? {
        guard let first = pieces.first, let last = pieces.last else { return nil }
        let start = raw.textNodes[first.node], end = raw.textNodes[last.node]
        var lower = start.starts[first.units.lowerBound], upper = end.ends[last.units.upperBound - 1]
        if pieces.count == 1 {
            if let around = timeElement(around: first.node) { return Placement(bytes: around, opensInCDATA: false, closesInCDATA: false) }
            return Placement(bytes: lower..<upper, opensInCDATA: start.inCDATA[first.units.lowerBound],
                             closesInCDATA: end.inCDATA[last.units.upperBound - 1])
        }
        guard pieces.allSatisfy({ isXHTML($0.node) }) else { return nil }
        for _ in 0..<8 {
            switch balance(lower..<upper) {
            case .balanced:
                guard onlyNarrated(lower..<upper, pieces: pieces) else { return nil }
                return Placement(bytes: lower..<upper, opensInCDATA: lower == start.starts[first.units.lowerBound] && start.inCDATA[first.units.lowerBound],
                                 closesInCDATA: upper == end.ends[last.units.upperBound - 1] && end.inCDATA[last.units.upperBound - 1])
            case .foreign:
                return nil
            case .closesOutside(let endTag):
                let startTag = partner[endTag]
                guard startTag != endTag, Self.phrasing.contains(raw.tags[startTag].localName),
                      onlyWhitespace(raw.tags[startTag].range.upperBound..<lower) else { return nil }
                lower = raw.tags[startTag].range.lowerBound
            case .opensInside(let startTag):
                let endTag = partner[startTag]
                guard endTag != startTag, onlyWhitespace(upper..<raw.tags[endTag].range.lowerBound) else { return nil }
                upper = raw.tags[endTag].range.upperBound
            }
        }
        return nil
    }

    private enum Balance {
        case balanced
        /// A tag that a span may not hold.
        case foreign
        /// The first end tag in the range whose element started before it.
        case closesOutside(Int)
        /// The last start tag in the range whose element ends after it.
        case opensInside(Int)
    }

    private func balance(_ range: Range<Int>) -> Balance {
        var open: [Int] = []
        var index = firstTag(atOrAfter: range.lowerBound)
        while index < raw.tags.count, raw.tags[index].range.lowerBound < range.upperBound {
            let tag = raw.tags[index]
            guard tag.defaultNamespace == ContentWrapper.xhtmlNamespace, Self.phrasing.contains(tag.localName) else { return .foreign }
            switch tag.kind {
            case .start: open.append(index)
            case .end:
                guard open.popLast() != nil else { return .closesOutside(index) }
            case .empty: break
            }
            index += 1
        }
        return open.last.map { .opensInside($0) } ?? .balanced
    }

    /// Whether every non-whitespace character in `range` belongs to one of `pieces`
    /// (and no unexpanded entity reference, which is not narrated, lies in it).
    private func onlyNarrated(_ range: Range<Int>, pieces: [Piece]) -> Bool {
        guard !holdsEntityReference(range) else { return false }
        let narrated = Dictionary(grouping: pieces, by: \.node)
        return units(in: range).allSatisfy { node, unit, value in
            CodeUnit.isWhitespace(value) || narrated[node]?.contains { $0.units.contains(unit) } == true
        }
    }

    /// Whether `range` holds no tag and no character but whitespace.
    private func onlyWhitespace(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return true }
        let index = firstTag(atOrAfter: range.lowerBound)
        if index < raw.tags.count, raw.tags[index].range.lowerBound < range.upperBound { return false }
        return !holdsEntityReference(range) && units(in: range).allSatisfy { CodeUnit.isWhitespace($0.2) }
    }

    /// Every text unit whose bytes lie inside `range`, as (node, unit index, value).
    private func units(in range: Range<Int>) -> [(Int, Int, UInt16)] {
        var found: [(Int, Int, UInt16)] = []
        var low = 0, high = raw.textNodes.count
        while low < high {
            let middle = (low + high) / 2
            if (raw.textNodes[middle].ends.last ?? 0) <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        for node in low..<raw.textNodes.count {
            let text = raw.textNodes[node]
            guard let first = text.starts.first, first < range.upperBound else { break }
            for (unit, value) in text.units.enumerated() where text.starts[unit] >= range.lowerBound && text.ends[unit] <= range.upperBound {
                found.append((node, unit, value))
            }
        }
        return found
    }

    private func holdsEntityReference(_ range: Range<Int>) -> Bool {
        var low = 0, high = raw.entityReferences.count
        while low < high {
            let middle = (low + high) / 2
            if raw.entityReferences[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < raw.entityReferences.count && raw.entityReferences[low] < range.upperBound
    }

    /// Index of the first tag starting at or after byte `offset`.
    private func firstTag(atOrAfter offset: Int) -> Int {
        var low = 0, high = raw.tags.count
        while low < high {
            let middle = (low + high) / 2
            if raw.tags[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The bytes of the element holding `node` when that element may hold text
    /// only (`<time>` without `datetime`): the wrapper then goes around it.
    private func timeElement(around node: Int) -> Range<Int>? {
        guard let parent = raw.textNodes[node].parent, raw.tags[parent].localName == "time",
              raw.tags[parent].attribute("datetime") == nil, partner[parent] != parent else { return nil }
        return raw.tags[parent].range.lowerBound..<raw.tags[partner[parent]].range.upperBound
    }
}
