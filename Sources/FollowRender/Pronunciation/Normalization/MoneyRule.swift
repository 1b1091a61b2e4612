/// Money: a currency symbol or ISO code before or after an amount, with the
/// language's thousands separators and decimals, singular and plural, in the
/// language's order: "£5" is "five pounds", "$3.50" "three dollars fifty",
/// "20 €" "vingt euros", "£5 million" "five million pounds".
enum MoneyRule: NormalizationRule {
    static let family = NormalizationFamily.money

    private static let scales: Set<String> = ["thousand", "million", "billion", "millions", "milliards", "Millionen",
                                              "Milliarden", "millones"]

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let token = scan[index] else { return nil }
        // Symbol or code first: "£5", "$ 3.50", "EUR 20".
        if let currency = scan.language.currencies[token.text], token.kind == .other || token.isAllCapitals {
            if let before = scan.touching(before: index), before.isWord || before.isNumber { return nil }
            var start = index + 1
            if scan[start]?.kind == .space, scan[start]?.text == " " { start += 1 }
            guard scan[start]?.isNumber == true, let amount = scan.amount(at: start) else { return nil }
            return said(scan, amount: amount, currency: currency)
        }
        // Amount first: "20 €", "20€", "5 USD".
        guard token.isNumber, !scan.isModelNumber(at: index), let amount = scan.amount(at: index) else { return nil }
        if let before = scan.touching(before: index), before.kind == .other, scan.language.currencies[before.text] != nil { return nil }
        var symbol = amount.last + 1
        if scan[symbol]?.kind == .space, scan[symbol]?.text.utf16.count == 1 { symbol += 1 }
        guard let code = scan[symbol], let currency = scan.language.currencies[code.text],
              code.kind == .other || code.isAllCapitals else { return nil }
        if let after = scan.touching(after: symbol), after.isWord || after.isNumber { return nil }
        guard let spoken = scan.language.money(amount.integer, amount.decimals, currency, scan.numbers) else { return nil }
        return .rewrite(through: symbol, spoken: spoken)
    }

    /// The amount after a symbol, with a scale word ("£5 million") when one follows.
    private static func said(_ scan: NormalizationScan, amount: (integer: Int, decimals: String?, last: Int),
                             currency: NormalizationLanguage.Currency) -> NormalizationMatch? {
        if let next = scan.next(after: amount.last), scales.contains(scan.tokens[next].text), amount.decimals == nil,
           amount.integer < 1000, let words = scan.numbers.words(amount.integer) {
            let joiner = ["fr": " d'", "es": " de "][scan.language.code] ?? " "
            return .rewrite(through: next, spoken: "\(words) \(scan.tokens[next].text)\(joiner)\(currency.plural)")
        }
        guard let spoken = scan.language.money(amount.integer, amount.decimals, currency, scan.numbers) else { return nil }
        return .rewrite(through: amount.last, spoken: spoken)
    }
}
