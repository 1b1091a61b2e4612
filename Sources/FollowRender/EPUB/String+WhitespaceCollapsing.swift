extension String {
    /// The text with runs of whitespace (including newlines) made single spaces, trimmed.
    var collapsingWhitespace: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
