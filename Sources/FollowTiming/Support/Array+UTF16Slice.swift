extension Array where Element == UInt16 {
    /// The text of the UTF-16 units `from..<to`, clamped to the array (and
    /// `to` to at least `from`); a lone surrogate at either end becomes U+FFFD.
    /// The one place sidecar ranges are turned back into strings.
    package func text(_ from: Int, _ to: Int) -> String {
        let lower = Swift.min(Swift.max(0, from), count), upper = Swift.min(Swift.max(lower, to), count)
        return String(decoding: self[lower..<upper], as: UTF16.self)
    }

    /// The text of `range`, clamped to the array.
    package func text(_ range: TextRange) -> String { text(range.location, range.end) }
}
