/// Years read as years: "in 1888" is "in eighteen eighty-eight", "1066"
/// after "of", "the 1920s" "the nineteen twenties", "AD 1066", "55 BC". A
/// four-digit number with no sign of being a year (after a month, a year
/// word, an era) is left as written: "1888 people" stays a number.
enum YearRule: NormalizationRule {
    static let family = NormalizationFamily.year

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let token = scan[index], token.isNumber, let value = token.value, !token.text.hasPrefix("0") else { return nil }
        guard !scan.isModelNumber(at: index) else { return token.text.count == 4 ? .refused("model number") : nil }
        if let before = scan.touching(before: index), [".", ",", ":", "/", "$", "£", "€", "#", "№"].contains(before.text) { return nil }
        if let after = scan.touching(after: index), [".", ",", ":", "/"].contains(after.text), scan.touching(after: index + 1)?.isNumber == true {
            return nil
        }
        // Decades: "1920s", "1800s" (English).
        if scan.language.code == "en", token.text.count == 4, let suffix = scan.touching(after: index), suffix.text == "s",
           scan.touching(after: index + 1).map({ $0.isWord || $0.isNumber }) != true,
           value % 10 == 0, let words = scan.numbers.words(value, .year) {
            return .rewrite(through: index + 1, spoken: plural(words))
        }
        if let after = scan.touching(after: index), after.isWord { return nil }
        let era = scan.next(after: index).map { scan.tokens[$0] }.map { scan.language.eras.contains($0.text) } ?? false
        let eraBefore = scan.previous(before: index).map { scan.language.eras.contains(scan.tokens[$0].text) } ?? false
        if era || eraBefore, value < 10000 { return scan.numbers.words(value, scan.language.yearStyle).map { .rewrite(through: index, spoken: $0) } }
        guard token.text.count == 4, (1000...2099).contains(value) else { return nil }
        let previous = scan.previous(before: index).map { scan.tokens[$0] }
        let cue = previous.map { word in
            word.isWord && (scan.language.yearCues.contains(word.text.lowercased()) || scan.language.months.contains(word.text.lowercased())
                || scan.language.eras.contains(word.text))
        } ?? false
        guard cue else { return .refused("no year context") }
        return scan.numbers.words(value, scan.language.yearStyle).map { .rewrite(through: index, spoken: $0) }
    }

    /// "nineteen twenty" → "nineteen twenties", "eighteen hundred" → "eighteen hundreds".
    static func plural(_ words: String) -> String {
        if words.hasSuffix("y") { return words.dropLast() + "ies" }
        if words.hasSuffix("x") { return words + "es" }
        return words + "s"
    }
}
