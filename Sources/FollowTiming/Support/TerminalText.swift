/// Text from an input (a book's hrefs, titles, ids, file names, a
/// sidecar's members, a path the user typed) made safe to show on a terminal:
/// control characters become `\u{1B}`-style escapes, a newline `\n`, a tab
/// `\t`, and the text is cut to a sane length, so a book can
/// neither rewrite the terminal nor forge extra message lines.
public enum TerminalText {
    /// The longest piece of input text a message shows, in characters.
    public static let maximumLength = 200

    /// `text` escaped and cut to `limit` characters (an ellipsis marks the cut).
    public static func escaped(_ text: some StringProtocol, limit: Int = maximumLength) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                result += "…"
                break
            }
            result += escape(scalar)
            count += 1
        }
        return result
    }

    /// `text` escaped, cut, and in single quotes.
    public static func quoted(_ text: some StringProtocol, limit: Int = maximumLength) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// The longest message line, in characters.
    public static let maximumLineLength = 2000

    /// A whole message made one safe line: everything in it escaped the same
    /// way and cut to `limit` characters.
    public static func line(_ message: String, limit: Int = maximumLineLength) -> String {
        escaped(message, limit: limit)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: break
        }
        let value = scalar.value
        let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
        let isSeparator = value == 0x2028 || value == 0x2029 || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
        guard isControl || isSeparator else { return String(scalar) }
        return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
}
