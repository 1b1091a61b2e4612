/// Decides what to wrap for a chapter: each sentence (or word) of the timing
/// sidecar becomes one fragment, or one per stretch that a single wrapper can
/// enclose (`SpanEnclosure`) when it crosses a boundary that cannot be, and
/// the sentence's clip is shared among its pieces by the word timings.
enum FragmentPlanner {
    /// A timed stretch of narration to highlight.
    private struct Target {
        var range: TextRange
        var begin: Int
        var end: Int
        var words: [TimedWord]
    }

    /// A piece of a target inside one text node, before timing.
    private struct Piece {
        var node: Int
        var narration: Range<Int>
        var units: Range<Int>
    }

    /// Pieces that share one wrapper, and where it goes.
    private struct Group {
        var pieces: [Piece]
        var placement: SpanEnclosure.Placement?

        var narration: Range<Int> { pieces[0].narration.lowerBound..<pieces[pieces.count - 1].narration.upperBound }
    }

    /// The fragments of `timing`, whose text must be `text.text`, in reading order;
    /// with `raw`, the markup of the document, pieces are joined where one wrapper can hold them.
    static func fragments(text: ChapterText, timing: ChapterTiming, granularity: OverlayGranularity,
                          raw: RawXML? = nil) throws(RenderError) -> [OverlayFragment] {
        let enclosure = raw.map(SpanEnclosure.init)
        let units = Array(text.text.utf16)
        let targets: [Target] = switch granularity {
        case .sentence:
            timing.sentences.map { Target(range: $0.range, begin: $0.begin.milliseconds, end: $0.end.milliseconds, words: $0.words) }
        case .word:
            timing.sentences.flatMap(\.words).map { Target(range: $0.range, begin: $0.begin.milliseconds, end: $0.end.milliseconds, words: [$0]) }
        }
        var spanIndex = 0
        var fragments: [OverlayFragment] = []
        for (number, target) in targets.enumerated() {
            let pieces = pieces(of: target.range, units: units, spans: text.sourceMap, spanIndex: &spanIndex)
            guard !pieces.isEmpty else { continue }
            let joined = enclosure.map { groups(of: pieces, enclosure: $0) } ?? pieces.map { Group(pieces: [$0]) }
            let clips = try clips(for: joined.map(\.narration), of: target, chapter: timing.chapter.href)
            for (position, (group, clip)) in zip(joined, clips).enumerated() {
                let first = group.pieces[0]
                fragments.append(OverlayFragment(node: first.node, units: first.units, begin: clip.lowerBound, end: clip.upperBound,
                                                 target: number + 1, piece: position + 1, placement: group.placement))
            }
        }
        return fragments
    }

    /// Runs of the target's visible characters that come from one text node,
    /// trimmed of whitespace; `spanIndex` moves forward through the source map.
    private static func pieces(of range: TextRange, units: [UInt16], spans: [SourceSpan], spanIndex: inout Int) -> [Piece] {
        var pieces: [Piece] = []
        for position in range.location..<min(range.end, units.count) where !CodeUnit.isWhitespace(units[position]) {
            while spanIndex < spans.count, spans[spanIndex].range.end <= position { spanIndex += 1 }
            guard spanIndex < spans.count, spans[spanIndex].range.contains(position) else { continue }
            let span = spans[spanIndex]
            let offset = span.offset + position - span.range.location
            if let last = pieces.last, last.node == span.node {
                pieces[pieces.count - 1].narration = last.narration.lowerBound..<(position + 1)
                pieces[pieces.count - 1].units = last.units.lowerBound..<(offset + 1)
            } else {
                pieces.append(Piece(node: span.node, narration: position..<(position + 1), units: offset..<(offset + 1)))
            }
        }
        return pieces
    }

    /// The pieces joined greedily, in order, into the longest runs one wrapper can enclose.
    private static func groups(of pieces: [Piece], enclosure: SpanEnclosure) -> [Group] {
        func placement(_ run: [Piece]) -> SpanEnclosure.Placement? {
            enclosure.placement(of: run.map { SpanEnclosure.Piece(node: $0.node, units: $0.units) })
        }
        if pieces.count > 1, let whole = placement(pieces) { return [Group(pieces: pieces, placement: whole)] }
        var groups: [Group] = []
        for piece in pieces {
            if var last = groups.last, last.placement != nil, enclosure.isXHTML(piece.node),
               let joined = placement(last.pieces + [piece]) {
                last.pieces.append(piece)
                last.placement = joined
                groups[groups.count - 1] = last
            } else {
                groups.append(Group(pieces: [piece], placement: placement([piece])))
            }
        }
        return groups
    }

    /// Consecutive clips, at least a millisecond each, covering the target's clip:
    /// each piece starts when the words say its first character is spoken.
    private static func clips(for pieces: [Range<Int>], of target: Target, chapter: String) throws(RenderError) -> [Range<Int>] {
        let count = pieces.count
        guard target.end - target.begin >= count else {
            throw RenderError(.overlay, file: chapter, "the clip at \(target.begin) ms is too short for its \(count) pieces")
        }
        var bounds = [target.begin] + pieces.dropFirst().map { time(at: $0.lowerBound, in: target) } + [target.end]
        for index in 1..<count {
            bounds[index] = min(max(bounds[index], bounds[index - 1] + 1), target.end - (count - index))
        }
        return (0..<count).map { bounds[$0]..<bounds[$0 + 1] }
    }

    /// When the character at narration offset `position` starts being spoken, in milliseconds.
    private static func time(at position: Int, in target: Target) -> Int {
        guard !target.words.isEmpty else {
            return interpolate(position, from: target.range, begin: target.begin, end: target.end)
        }
        var time = target.begin
        for word in target.words {
            if position < word.range.location { return time }
            if position < word.range.end {
                return interpolate(position, from: word.range, begin: word.begin.milliseconds, end: word.end.milliseconds)
            }
            time = word.end.milliseconds
        }
        return time
    }

    private static func interpolate(_ position: Int, from range: TextRange, begin: Int, end: Int) -> Int {
        guard range.length > 0 else { return begin }
        return begin + (end - begin) * (position - range.location) / range.length
    }
}
