/// Degrees and common units after a number: "20°C" is "twenty degrees
/// Celsius", "30°" "thirty degrees", "5 km" "five kilometres", "3 kg" "trois
/// kilogrammes", "1 km" singular. A unit glued to more letters is no unit.
enum UnitRule: NormalizationRule {
    static let family = NormalizationFamily.unit

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard scan[index]?.isNumber == true, let amount = scan.amount(at: index) else { return nil }
        if scan.isModelNumber(at: index) { return nil }
        let one = amount.integer == 1 && amount.decimals == nil
        var unit = amount.last + 1
        if scan[unit]?.kind == .space, scan[unit]?.text.utf16.count == 1 { unit += 1 }
        guard let symbol = scan[unit], let number = scan.spell(amount.integer, decimals: amount.decimals) else { return nil }
        if symbol.text == "°" {
            let degrees = one ? scan.language.degree.singular : scan.language.degree.plural
            if let scale = scan.touching(after: unit), scale.text == "C" || scale.text == "F",
               scan.touching(after: unit + 1).map({ $0.isWord || $0.isNumber }) != true {
                return .rewrite(through: unit + 1, spoken: "\(number) \(degrees) \(scale.text == "C" ? "Celsius" : "Fahrenheit")")
            }
            return .rewrite(through: unit, spoken: "\(number) \(degrees)")
        }
        guard symbol.isWord else { return nil }
        var last = unit
        var key = symbol.text
        if scan.touching(after: unit)?.text == "/", let per = scan.touching(after: unit + 1), per.text == "h" {
            key += "/h"
            last = unit + 2
        }
        guard let names = scan.language.units[key] else { return nil }
        if let after = scan.touching(after: last), after.isWord || after.isNumber || after.text == "'" || after.text == "’" {
            return nil
        }
        // "5 m." at a sentence's end, or "in 5 m"; but a single letter unit
        // before a capital ("5 m Smith") may be an initial.
        if key.count == 1, let next = scan.next(after: last), scan.tokens[next].isCapitalized { return .refused("initial") }
        // "20 m. from the coast": a symbol takes no period; old texts abbreviate miles so.
        if key.count == 1, scan.touching(after: last)?.text == ".", scan.next(after: last + 1) != nil {
            return .refused("period after a symbol")
        }
        return .rewrite(through: last, spoken: "\(number) \(one ? names.singular : names.plural)")
    }
}
