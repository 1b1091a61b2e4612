/// Roman numerals: a cardinal after a numbering word ("Chapter II", "Part IV",
/// "World War II", "chapitre XII") or as the whole or prefix of a heading
/// ("II. The Pool of Tears"); the language's regnal form after a name ("Henry
/// VIII" is "Henry the eighth", "Louis XIV" "Louis quatorze"); French ordinal
/// numerals ("XIXe siècle", "François Ier"). eSpeak NG's own reading says
/// "Roman" first, so every numeral it would read is either rewritten here or
/// refused by a guard: the pronoun "I", words in capitals (MIX, CIVIL, DC,
/// CD: only I, V and X make a regnal numeral), initials ("C. S. Lewis").
enum RomanNumeralRule: NormalizationRule {
    static let family = NormalizationFamily.romanNumeral

    /// Capitalized words that start clauses rather than name someone ("Then I").
    private static let notNames: Set<String> = [
        "then", "when", "and", "but", "so", "if", "as", "yes", "no", "oh", "now", "what", "there", "here", "that",
        "where", "why", "how", "well", "because", "though", "while", "once", "since", "before", "after", "until",
        "unless", "whether", "perhaps", "indeed", "still", "sir", "madam", "ah", "alas", "o", "nay", "aye", "the",
        "et", "mais", "und", "aber", "y", "pero", "que", "je", "ich", "yo",
    ]

    /// The value of a canonical Roman numeral in capitals (1...3999), or nil.
    static func value(of text: String) -> Int? {
        let digits: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        guard !text.isEmpty, text.count <= 15 else { return nil }
        var total = 0
        let values = text.compactMap { digits[$0] }
        guard values.count == text.count else { return nil }
        for (index, value) in values.enumerated() {
            if index + 1 < values.count, value < values[index + 1] { total -= value } else { total += value }
        }
        guard (1...3999).contains(total), canonical(total) == text else { return nil }
        return total
    }

    /// The canonical numeral of `value` ("MCMXIV" for 1914).
    static func canonical(_ value: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = value
        var text = ""
        for (amount, symbol) in table {
            while rest >= amount {
                text += symbol
                rest -= amount
            }
        }
        return text
    }

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let token = scan[index], token.isWord, let first = token.text.first, "IVXLCDM".contains(first) else { return nil }
        if let ordinal = frenchOrdinal(scan, at: index) { return ordinal }
        guard let value = value(of: token.text) else { return nil }
        // Part of a longer token: "IV-drip", "XI'" stay as they are.
        if let before = scan.touching(before: index), before.isWord || before.isNumber || ["-", "'", "’", "."].contains(before.text) {
            return .refused("inside a word")
        }
        if let after = scan.touching(after: index), after.isWord || after.isNumber || ["-", "'", "’"].contains(after.text) {
            return .refused("inside a word")
        }
        if isInitial(scan, at: index) { return .refused("initials") }
        let previous = scan.previous(before: index)
        let previousWord = previous.flatMap { scan.tokens[$0].isWord ? scan.tokens[$0] : nil }
        let cardinal = { () -> NormalizationMatch? in scan.numbers.words(value).map { .rewrite(through: index, spoken: $0) } }
        // English "I" followed by a lowercase word is the pronoun, whatever comes before ("the part I did").
        if token.text == "I", scan.language.code == "en", let next = scan.next(after: index), scan.tokens[next].isWord,
           !scan.tokens[next].isCapitalized, !["of", "and"].contains(scan.tokens[next].text) {
            return .refused("pronoun I")
        }
        if let word = previousWord, scan.language.numberingWords.contains(word.text.lowercased())
            || (scan.language.code == "en" && ["war"].contains(word.text.lowercased())) {
            return cardinal()
        }
        // A heading's own number ("II. The Pool of Tears"); a lone C, D, L or M is a letter of an index or a dictionary.
        if scan.isHeading, scan.isFirstWord(index), headingPrefix(scan, after: index),
           token.text.count > 1 || "IVX".contains(token.text) { return cardinal() }
        guard token.text.allSatisfy({ "IVX".contains($0) }), value <= 39 else { return .refused("capitalized word") }
        // eSpeak NG reads two or more of I, V and X with no context as "Roman" and the number
        // ("He read XIV" is "Roman fourteen"): without context the cardinal, without "Roman".
        // "IV" alone stays (an IV drip).
        let wouldSayRoman = token.text.count >= 2 && token.text != "IV"
        guard let name = previousWord, name.isCapitalized, !name.isAllCapitals || token.text.count > 1,
              !notNames.contains(name.text.lowercased()) else {
            if wouldSayRoman { return cardinal() }
            return .refused(token.text == "I" ? "pronoun I" : "no context")
        }
        // A citation ("Luke XV. 3", "Acts XV:9") numbers a chapter, not a king.
        if let after = scan.touching(after: index), [".", ":", ","].contains(after.text),
           let number = scan.next(after: index + 1), scan.tokens[number].isNumber {
            return cardinal()
        }
        if token.text == "I", scan.language.code == "en" {
            // "Elizabeth I" but not "Then Alice I think": the pronoun is followed by a verb.
            let next = scan.next(after: index).map { scan.tokens[$0] }
            let ends = next == nil || [",", ".", ";", ":", ")", "!", "?", "—", "’", "”"].contains(next!.text)
            let linked = next.map { ["of"].contains($0.text.lowercased()) } ?? false
            // "Says I, …", "Thinks I." : a verb first in the sentence, then the pronoun.
            let firstWord = previous.map { scan.isFirstWord($0) } ?? true
            guard linked || (ends && !firstWord) else { return .refused("pronoun I") }
        }
        // German writes a regnal numeral with its ordinal period ("Heinrich VIII."); without it, a model ("Golf IV").
        if scan.language.code == "de", scan.touching(after: index)?.text != "." {
            return wouldSayRoman ? cardinal() : .refused("no ordinal period")
        }
        guard let spoken = scan.language.regnal(value, scan.numbers) else { return nil }
        // German writes the ordinal with a period ("Heinrich VIII. war"): it is part of the numeral.
        if scan.language.code == "de", scan.touching(after: index)?.text == ".", scan.next(after: index + 1) != nil {
            return .rewrite(through: index + 1, spoken: spoken)
        }
        return .rewrite(through: index, spoken: spoken)
    }

    /// "XIXe", "Ier", "Ire", "IIe": a French ordinal numeral.
    private static func frenchOrdinal(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard scan.language.code == "fr", let token = scan[index] else { return nil }
        for (suffix, style) in [("er", NumberWords.Style.ordinalMasculine), ("re", .ordinalFeminine), ("ème", .ordinalMasculine),
                                ("e", .ordinalMasculine)] where token.text.hasSuffix(suffix) {
            let stem = String(token.text.dropLast(suffix.count))
            // Only I, V and X: "Le", "Ce", "De", "Me" and "Cie" are words.
            guard stem.allSatisfy({ "IVX".contains($0) }), let value = value(of: stem) else { continue }
            if (suffix == "er" || suffix == "re") && value != 1 { continue }
            return scan.numbers.words(value, style).map { .rewrite(through: index, spoken: $0) }
        }
        return nil
    }

    /// A single capital with a period, next to another such initial ("C. S. Lewis", "V. I. Lenin").
    private static func isInitial(_ scan: NormalizationScan, at index: Int) -> Bool {
        guard scan[index]?.text.count == 1 else { return false }
        let isInitialAt = { (at: Int) -> Bool in
            guard let token = scan[at], token.isWord, token.text.count == 1, token.isCapitalized else { return false }
            return scan.touching(after: at)?.text == "."
        }
        guard scan.touching(after: index)?.text == "." else { return false }
        if let next = scan.next(after: index + 1), isInitialAt(next) { return true }
        if let previous = scan.previous(before: index), scan.tokens[previous].text == ".", isInitialAt(previous - 1) { return true }
        return false
    }

    /// After a heading's numeral: its end, or a period, colon or dash and the title.
    private static func headingPrefix(_ scan: NormalizationScan, after index: Int) -> Bool {
        guard let next = scan.next(after: index) else { return true }
        return [".", ":", "—", "–", "-", ")"].contains(scan.tokens[next].text)
    }
}
