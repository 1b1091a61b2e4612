/// Percentages: "50%" is "fifty percent", "2.5%" "two point five percent",
/// "50 %" "cinquante pour cent", "fünfzig Prozent", "cincuenta por ciento".
enum PercentRule: NormalizationRule {
    static let family = NormalizationFamily.percent

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard scan[index]?.isNumber == true, !scan.isModelNumber(at: index), let amount = scan.amount(at: index) else { return nil }
        var sign = amount.last + 1
        if scan[sign]?.kind == .space, scan[sign]?.text.utf16.count == 1 { sign += 1 }
        guard scan[sign]?.text == "%" else { return nil }
        guard let words = scan.spell(amount.integer, decimals: amount.decimals) else { return nil }
        return .rewrite(through: sign, spoken: "\(words) \(scan.language.percentWord)")
    }
}
