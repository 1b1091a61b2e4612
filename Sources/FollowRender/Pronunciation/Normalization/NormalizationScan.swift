/// One stretch of a sentence in one language, tokenized, as every rule sees
/// it: the tokens, the language's words and number words, and whether the
/// sentence is a heading.
struct NormalizationScan {
    let tokens: [NormalizationToken]
    let language: NormalizationLanguage
    let numbers: NumberWords
    /// The sentence is (the start of) a heading paragraph.
    let isHeading: Bool
    /// The BCP 47 tag of the text (`en-US` reads numeric dates month first).
    let tag: String

    /// The token at `index`, or nil out of range.
    subscript(_ index: Int) -> NormalizationToken? { tokens.indices.contains(index) ? tokens[index] : nil }

    /// The index of the first token after `index` that is not a space (nil
    /// at the end or past a line break).
    func next(after index: Int) -> Int? {
        var at = index + 1
        while at < tokens.count, tokens[at].kind == .space {
            if tokens[at].text.utf16.contains(where: CodeUnit.isLineBreak) { return nil }
            at += 1
        }
        return at < tokens.count ? at : nil
    }

    /// The index of the last token before `index` that is not a space.
    func previous(before index: Int) -> Int? {
        var at = index - 1
        while at >= 0, tokens[at].kind == .space {
            if tokens[at].text.utf16.contains(where: CodeUnit.isLineBreak) { return nil }
            at -= 1
        }
        return at >= 0 ? at : nil
    }

    /// The token right after `index` when it touches it (no space between).
    func touching(after index: Int) -> NormalizationToken? {
        guard let token = self[index + 1], token.kind != .space else { return nil }
        return token
    }

    /// The token right before `index` when it touches it.
    func touching(before index: Int) -> NormalizationToken? {
        guard let token = self[index - 1], token.kind != .space else { return nil }
        return token
    }

    /// Whether `index` is the first word of the stretch (only punctuation before it).
    func isFirstWord(_ index: Int) -> Bool {
        tokens[..<index].allSatisfy { $0.kind == .space || ($0.kind == .other && !"$£€¥".contains($0.text)) }
    }

    /// The previous word (letters), lowercased, skipping spaces only.
    func previousWord(before index: Int) -> String? {
        guard let at = previous(before: index), tokens[at].isWord else { return nil }
        return tokens[at].text.lowercased()
    }

    /// A number written with the language's grouping and decimal separators
    /// starting at token `index`: its integer value, its decimal digits, and
    /// the last token it takes. "1,000,000", "3.50" (English), "1 000", "3,50"
    /// (French), "1.000,50" (German, Spanish).
    func amount(at index: Int) -> (integer: Int, decimals: String?, last: Int)? {
        guard let first = self[index], first.isNumber, var integer = first.value else { return nil }
        var last = index
        // Groups of three after a grouping separator.
        while let separator = self[last + 1], language.grouping.contains(separator.text),
              let group = self[last + 2], group.isNumber, group.text.count == 3, first.text.count <= 3,
              let value = group.value, integer < Int.max / 10_000 {
            integer = integer * 1000 + value
            last += 2
        }
        var decimals: String?
        if let separator = self[last + 1], separator.text == language.decimal,
           let fraction = self[last + 2], fraction.isNumber, fraction.text.count <= 6 {
            decimals = fraction.text
            last += 2
        }
        return (integer, decimals, last)
    }

    /// A number in words, with decimals read the language's way ("two point
    /// five", "deux virgule cinq").
    func spell(_ integer: Int, decimals: String? = nil, style: NumberWords.Style = .cardinal) -> String? {
        guard let whole = numbers.words(integer, style) else { return nil }
        guard let decimals else { return whole }
        let digits: [String]
        if language.decimalsAsNumber, !decimals.hasPrefix("0"), let value = Int(decimals), let words = numbers.words(value) {
            digits = [words]
        } else {
            digits = decimals.compactMap { $0.wholeNumberValue.flatMap { numbers.words($0) } }
        }
        return ([whole, language.decimalWord] + digits).joined(separator: " ")
    }
}

/// What a rule decided at a token.
enum NormalizationMatch {
    /// Speak tokens from the rule's first up to `through` (inclusive) as `spoken`.
    case rewrite(through: Int, spoken: String)
    /// A candidate left as written by the guard named.
    case refused(String)
}

/// A rule family: looks at the token at an index and proposes a rewrite.
protocol NormalizationRule {
    static var family: NormalizationFamily { get }
    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch?
}

extension NormalizationScan {
    /// Whether the number at `index` is part of a name or model number
    /// ("XJ220", "B-52", "MP3", "A4"): glued to letters before it. Such numbers are read as written.
    func isModelNumber(at index: Int) -> Bool {
        guard let before = touching(before: index) else { return false }
        if before.isWord { return true }
        if ["-", "/"].contains(before.text), let word = touching(before: index - 1), word.isWord { return true }
        return false
    }
}
