/// One element the overlay wraps and times: a stretch of narrated text (starting
/// in one text node, possibly enclosing markup) and the audio clip during which it is spoken.
struct OverlayFragment: Hashable, Sendable {
    /// Document-order index of the text node (as `SourceSpan.node`).
    var node: Int
    /// UTF-16 offsets inside the node's text.
    var units: Range<Int>
    /// Clip in whole milliseconds of the chapter audio; `begin < end`.
    var begin: Int
    var end: Int
    /// 1-based number of the sentence (or word) in the chapter.
    var target: Int
    /// 1-based piece of that sentence or word; more than one when it crosses element boundaries.
    var piece: Int
    /// Where the wrapper goes when it encloses more than `units` of `node`; nil: around those units.
    var placement: SpanEnclosure.Placement?

    init(node: Int, units: Range<Int>, begin: Int, end: Int, target: Int, piece: Int, placement: SpanEnclosure.Placement? = nil) {
        self.node = node
        self.units = units
        self.begin = begin
        self.end = end
        self.target = target
        self.piece = piece
        self.placement = placement
    }
}
