/// Makes word sample spans safe to publish: one per word, in order, not
/// overlapping, inside the sentence clip, and each at least a millisecond long
/// so that `begin < end` survives rounding to milliseconds in the sidecar.
enum WordSpans {
    /// Samples in a millisecond at 22,050 Hz, rounded up; enough at any rate eSpeak uses.
    static let minimumLength = 23

    /// `spans` repaired for `count` words in a clip of `length` samples.
    ///
    /// When `spans` does not have one entry per word, the words share the clip
    /// evenly; otherwise each span is pushed forward just enough to start after
    /// its predecessor and to leave room for the words after it.
    static func ordered(_ spans: [Range<Int>], count: Int, length: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        precondition(length >= count * minimumLength, "clip too short for its words")
        let source = spans.count == count ? spans : (0..<count).map { index in
            (index * length / count)..<((index + 1) * length / count)
        }
        var result: [Range<Int>] = []
        result.reserveCapacity(count)
        var floor = 0
        for (index, span) in source.enumerated() {
            let remaining = count - index - 1
            let latestEnd = length - remaining * minimumLength
            let begin = min(max(span.lowerBound, floor), latestEnd - minimumLength)
            let end = min(max(span.upperBound, begin + minimumLength), latestEnd)
            result.append(begin..<end)
            floor = end
        }
        return result
    }
}
