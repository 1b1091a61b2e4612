/// Fractions: "½" is "one half", "3½" "three and a half", "¾" "three
/// quarters"; in English also "1/2", "3/4" ("one half", "three quarters")
/// when the slash is not part of a date.
enum FractionRule: NormalizationRule {
    static let family = NormalizationFamily.fraction

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let token = scan[index] else { return nil }
        if token.isNumber, let whole = token.value, let fraction = scan.touching(after: index),
           scan.language.fractions[fraction.text] != nil, !scan.isModelNumber(at: index) {
            guard let words = scan.numbers.words(whole), let spoken = scan.language.mixedFraction(words, fraction.text) else {
                return nil
            }
            return .rewrite(through: index + 1, spoken: spoken)
        }
        if token.kind == .other, let spoken = scan.language.fractions[token.text] {
            if let before = scan.touching(before: index), before.isNumber { return nil }
            return .rewrite(through: index, spoken: spoken)
        }
        guard scan.language.code == "en", token.isNumber, let top = token.value, scan.touching(after: index)?.text == "/",
              let bottomToken = scan.touching(after: index + 1), bottomToken.isNumber, let bottom = bottomToken.value,
              (2...16).contains(bottom), (1..<bottom).contains(top), !scan.isModelNumber(at: index) else { return nil }
        if let before = scan.touching(before: index), before.text == "/" || before.isNumber { return nil }
        if let after = scan.touching(after: index + 2), after.text == "/" || after.isWord || after.isNumber { return .refused("date") }
        guard let numerator = scan.numbers.words(top) else { return nil }
        let denominator: String
        switch bottom {
        case 2: denominator = top == 1 ? "half" : "halves"
        case 4: denominator = top == 1 ? "quarter" : "quarters"
        default:
            guard let ordinal = scan.numbers.words(bottom, .ordinal) else { return nil }
            denominator = top == 1 ? ordinal : ordinal + "s"
        }
        return .rewrite(through: index + 2, spoken: "\(numerator) \(denominator)")
    }
}
