/// Escaping of text the writers put into XML, XHTML, SMIL and WebVTT, in one place.
package enum XMLEscaping {
    /// How line breaks are written.
    package enum LineBreaks {
        /// As they are (XML, XHTML, SMIL, WebVTT).
        case kept
        /// Line feeds as `<br>`, carriage returns as `&#13;` (the HTML parser would
        /// drop a raw one before a line feed, shifting every offset after it).
        case html
    }

    /// `text` with `&`, `<` and `>` as character references, and `"` too when
    /// `quotes` (for double-quoted attributes; WebVTT cue text keeps its quotes).
    /// Characters XML 1.0 does not allow (C0 controls other than tab, line feed
    /// and carriage return; U+FFFE, U+FFFF) become U+FFFD.
    /// With `lineBreaks: .html`, line feeds become `<br>`.
    package static func escaped(_ text: String, quotes: Bool = true, lineBreaks: LineBreaks = .kept) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where lineBreaks == .html: result += "<br>"
            case "\r" where lineBreaks == .html: result += "&#13;"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "\u{9}", "\u{A}", "\u{D}": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// An attribute value as the raw tokenizer reads it: `&amp;` back to `&`.
    package static func decodedAmpersands(_ value: String) -> String {
        value.replacingOccurrences(of: "&amp;", with: "&")
    }
}
