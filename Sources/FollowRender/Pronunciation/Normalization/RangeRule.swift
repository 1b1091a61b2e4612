/// Ranges with an en dash: "1914–1918" is "nineteen fourteen to nineteen
/// eighteen" (years when both ends look like years, "1914–18" too), "pp.
/// 10–12" "pages ten to twelve", "10–12 km" "ten to twelve"; "à", "bis", "a"
/// in French, German and Spanish.
enum RangeRule: NormalizationRule {
    static let family = NormalizationFamily.range

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let first = scan[index], first.isNumber, let low = first.value, !scan.isModelNumber(at: index) else { return nil }
        if let before = scan.touching(before: index), [".", ",", ":", "/", "–", "-"].contains(before.text) { return nil }
        guard let dash = scan.touching(after: index), dash.text == "–",
              let second = scan.touching(after: index + 1), second.isNumber, var high = second.value else { return nil }
        if let after = scan.touching(after: index + 2), after.isWord || after.isNumber || [".", ",", "–"].contains(after.text),
           scan.touching(after: index + 3)?.isNumber == true || after.isWord {
            return nil
        }
        let years = first.text.count == 4 && (1000...2099).contains(low) && (second.text.count == 4 || second.text.count == 2)
        if years, second.text.count == 2 { high += low / 100 * 100 }
        let style: NumberWords.Style = years ? scan.language.yearStyle : .cardinal
        guard let from = scan.numbers.words(low, style), let to = scan.numbers.words(high, style) else { return nil }
        return .rewrite(through: index + 2, spoken: "\(from) \(scan.language.rangeWord) \(to)")
    }
}
