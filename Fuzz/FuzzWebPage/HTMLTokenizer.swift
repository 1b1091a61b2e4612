/// The tokenizer stage of the WHATWG HTML parser, as far as a browser's
/// reading of our pages depends on it: start and end tags with their
/// attributes (values with character references decoded), comments, doctype,
/// and the raw-text elements (`script`, `style`, `title`, `textarea` …) whose
/// content runs to their end tag. The fuzz target checks what it finds, so a
/// page that a browser would read differently from what we meant to write is
/// caught here, not in the browser.
struct HTMLTokenizer {
    struct Tag {
        var name: String
        var isEnd: Bool
        var attributes: [(name: String, value: String)]
        /// For a raw-text element: its content, up to the end tag.
        var content: String?

        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    }

    private let units: [UInt8]
    private var index = 0

    init(_ html: String) { units = Array(html.utf8) }

    /// Elements whose content is text up to `</name`.
    private static let rawText: Set<String> = ["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript"]

    /// Every tag of the page, in order.
    mutating func tags() -> [Tag] {
        var found: [Tag] = []
        while index < units.count {
            guard units[index] == UInt8(ascii: "<") else { index += 1; continue }
            index += 1
            guard index < units.count else { break }
            let next = units[index]
            if next == UInt8(ascii: "!") {
                skipMarkupDeclaration()
            } else if next == UInt8(ascii: "?") {
                skip(past: UInt8(ascii: ">"))
            } else if next == UInt8(ascii: "/") {
                index += 1
                if index < units.count, isAlpha(units[index]) { found.append(tag(isEnd: true)) } else if index < units.count, units[index] != UInt8(ascii: ">") {
                    skip(past: UInt8(ascii: ">"))
                } else {
                    index += 1
                }
            } else if isAlpha(next) {
                var tag = tag(isEnd: false)
                if Self.rawText.contains(tag.name) { tag.content = rawContent(until: tag.name) }
                found.append(tag)
            }
        }
        return found
    }

    private mutating func tag(isEnd: Bool) -> Tag {
        var tag = Tag(name: name(stoppingAt: [UInt8(ascii: "/"), UInt8(ascii: ">")]), isEnd: isEnd, attributes: [])
        while index < units.count {
            skipSpace()
            guard index < units.count else { break }
            if units[index] == UInt8(ascii: ">") { index += 1; break }
            if units[index] == UInt8(ascii: "/") { index += 1; continue }
            // An attribute name may start with `=` (the tokenizer takes it as a name character there).
            var attribute = String(UnicodeScalar(lowercased(units[index])))
            index += 1
            attribute += name(stoppingAt: [UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "=")])
            skipSpace()
            var value = ""
            if index < units.count, units[index] == UInt8(ascii: "=") {
                index += 1
                skipSpace()
                value = attributeValue()
            }
            // The first of two attributes with one name counts.
            if !tag.attributes.contains(where: { $0.name == attribute }) { tag.attributes.append((attribute, value)) }
        }
        return tag
    }

    /// A tag or attribute name, lowercased, up to white space or one of `stops`.
    private mutating func name(stoppingAt stops: Set<UInt8>) -> String {
        var bytes: [UInt8] = []
        while index < units.count, !isSpace(units[index]), !stops.contains(units[index]) {
            bytes.append(lowercased(units[index]))
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func attributeValue() -> String {
        guard index < units.count else { return "" }
        var bytes: [UInt8] = []
        let quote = units[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            while index < units.count, units[index] != quote { bytes.append(units[index]); index += 1 }
            index += 1
        } else {
            while index < units.count, !isSpace(units[index]), units[index] != UInt8(ascii: ">") { bytes.append(units[index]); index += 1 }
        }
        return Self.decodeReferences(String(decoding: bytes, as: UTF8.self))
    }

    /// `<!-- … -->` (also `<!-->` and `<!--->`), `<!DOCTYPE …>`, or a bogus comment to `>`.
    private mutating func skipMarkupDeclaration() {
        index += 1
        if starts(with: "--") {
            index += 2
            if starts(with: ">") { index += 1; return }
            if starts(with: "->") { index += 2; return }
            while index < units.count, !starts(with: "-->"), !starts(with: "--!>") { index += 1 }
            index += starts(with: "--!>") ? 4 : 3
        } else {
            skip(past: UInt8(ascii: ">"))
        }
    }

    /// The text of a raw-text element up to `</name` followed by space, `/` or `>`.
    private mutating func rawContent(until name: String) -> String {
        let start = index
        let closing = Array(("</" + name).utf8)
        while index < units.count {
            if index + closing.count <= units.count,
               zip(units[index..<index + closing.count], closing).allSatisfy({ lowercased($0) == $1 }),
               index + closing.count == units.count || isSpace(units[index + closing.count])
                || units[index + closing.count] == UInt8(ascii: "/") || units[index + closing.count] == UInt8(ascii: ">") {
                return String(decoding: units[start..<index], as: UTF8.self)
            }
            index += 1
        }
        return String(decoding: units[start..<index], as: UTF8.self)
    }

    /// Character references as a browser decodes them in an attribute:
    /// numeric ones, and the named ones that can spell a URL's scheme or
    /// markup (`&colon;`, `&Tab;`, `&NewLine;`, `&lt;` …). Any other named
    /// reference is left as written (the audit refuses `&` in URLs anyway).
    static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
                     "sol": "/", "lpar": "(", "rpar": ")", "period": ".", "nbsp": "\u{A0}"]
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[rest.index(after: amp)...]
            let body = rest.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var consumed = body.count
            if rest.dropFirst(body.count).first == ";" { consumed += 1 }
            if body.hasPrefix("#x") || body.hasPrefix("#X"), let value = UInt32(body.dropFirst(2), radix: 16), let scalar = UnicodeScalar(value) {
                result.unicodeScalars.append(scalar)
            } else if body.hasPrefix("#"), let value = UInt32(body.dropFirst()), let scalar = UnicodeScalar(value) {
                result.unicodeScalars.append(scalar)
            } else if let character = named[body.lowercased()] {
                result += character
            } else {
                result += "&"
                consumed = 0
            }
            rest = rest.dropFirst(consumed)
        }
        return result + rest
    }

    private func starts(with text: String) -> Bool {
        let bytes = Array(text.utf8)
        return index + bytes.count <= units.count && zip(units[index..<index + bytes.count], bytes).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private mutating func skip(past byte: UInt8) {
        while index < units.count, units[index] != byte { index += 1 }
        index += 1
    }

    private mutating func skipSpace() {
        while index < units.count, isSpace(units[index]) { index += 1 }
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
    private func isAlpha(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
