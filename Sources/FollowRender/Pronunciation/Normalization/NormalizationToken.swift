/// A piece of a sentence as the normalization rules see it: a run of
/// letters, a run of ASCII digits, a run of spaces, or one other character.
struct NormalizationToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case word, number, space, other }

    var kind: Kind
    /// UTF-16 range in the chapter text.
    var range: Range<Int>
    var text: String

    var isWord: Bool { kind == .word }
    var isNumber: Bool { kind == .number }
    /// The digits' value (nil for anything else, or past 15 digits).
    var value: Int? { kind == .number && text.count <= 15 ? Int(text) : nil }
    /// Starts with a capital letter.
    var isCapitalized: Bool { kind == .word && (text.unicodeScalars.first?.properties.isUppercase ?? false) }
    /// Letters all capitals (and more than one).
    var isAllCapitals: Bool { kind == .word && text.count > 1 && text.unicodeScalars.allSatisfy(\.properties.isUppercase) }

    /// The tokens of `units[range]`.
    static func tokens(of units: [UInt16], in range: Range<Int>) -> [NormalizationToken] {
        var tokens: [NormalizationToken] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let unit = units[index]
            let kind: Kind
            var end = index + 1
            if CodeUnit.isDigit(unit), unit < 0x80 {
                kind = .number
                while end < range.upperBound, units[end] >= 0x30, units[end] <= 0x39 { end += 1 }
            } else if CodeUnit.isLetter(unit) {
                kind = .word
                while end < range.upperBound, CodeUnit.isLetter(units[end]), !(units[end] >= 0x30 && units[end] <= 0x39) { end += 1 }
            } else if CodeUnit.isWhitespace(unit) {
                kind = .space
                while end < range.upperBound, CodeUnit.isWhitespace(units[end]) { end += 1 }
            } else {
                kind = .other
                if (0xD800...0xDBFF).contains(unit), end < range.upperBound { end += 1 }
            }
            tokens.append(NormalizationToken(kind: kind, range: index..<end, text: String(utf16Units: units[index..<end])))
            index = end
        }
        return tokens
    }
}
