/// Ordinals written with digits: "21st" is "twenty-first", "1er" "premier",
/// "3e" "troisième", "2.º" and "2ª" "segundo", "segunda".
enum OrdinalRule: NormalizationRule {
    static let family = NormalizationFamily.ordinal

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let token = scan[index], token.isNumber, let value = token.value, !scan.isModelNumber(at: index) else { return nil }
        var suffixIndex = index + 1
        // Spanish "2.º".
        if scan.language.code == "es", scan.touching(after: index)?.text == ".", let mark = scan.touching(after: index + 1),
           mark.text == "º" || mark.text == "ª" {
            suffixIndex = index + 2
        }
        guard let suffix = scan.touching(after: suffixIndex - 1), suffix.isWord,
              let style = scan.language.ordinalSuffixes[suffix.text] else { return nil }
        if let after = scan.touching(after: suffixIndex), after.isWord || after.isNumber { return nil }
        if scan.language.code == "en", !englishSuffixFits(value, suffix.text) { return .refused("suffix does not fit") }
        if scan.language.code == "fr", suffix.text == "er" || suffix.text == "re", value != 1 { return .refused("suffix does not fit") }
        let spoken = scan.language.code == "fr" && value == 1 ? (suffix.text == "re" ? "première" : "premier")
            : scan.numbers.words(value, style)
        return spoken.map { .rewrite(through: suffixIndex, spoken: $0) }
    }

    /// "1st", "2nd", "3rd", "11th", "22nd" (and the older "2d", "3d").
    private static func englishSuffixFits(_ value: Int, _ suffix: String) -> Bool {
        let teen = (11...13).contains(value % 100)
        switch suffix {
        case "st": return !teen && value % 10 == 1
        case "nd": return !teen && value % 10 == 2
        case "rd": return !teen && value % 10 == 3
        case "d": return !teen && (value % 10 == 2 || value % 10 == 3)
        default: return teen || ![1, 2, 3].contains(value % 10)
        }
    }
}
