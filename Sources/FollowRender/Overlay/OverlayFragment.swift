/// One element the overlay wraps and times: a stretch of a single text node
/// and the audio clip during which it is spoken.
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
}
