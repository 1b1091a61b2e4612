/// The words one language's rules need: which words number a part of a book,
/// how a regnal numeral, a date, a clock time and money are said, its
/// abbreviations, currencies, units and separators. One instance per language
/// (`EnglishWords`, `FrenchWords`, `GermanWords`, `SpanishWords`); number
/// words themselves come from ICU (`NumberWords`).
struct NormalizationLanguage: Sendable {
    /// An abbreviation and where it is expanded.
    struct Abbreviation: Sendable {
        enum Context: Sendable {
            /// Anywhere (the token must end with its period when `period` is set).
            case always
            /// Only before a capitalized word (a title before a name).
            case beforeName
            /// Only before a number ("No. 5", "pp. 10").
            case beforeNumber
        }

        var spoken: String
        var context: Context
        /// Written with a final period ("Prof."); otherwise the period is optional ("Mr", "Mr.").
        var period: Bool = true
        /// Spoken instead after a capitalized word and not before one ("Baker St." is Street).
        var afterName: String?
    }

    /// How a currency is named.
    struct Currency: Sendable {
        var singular: String
        var plural: String
        /// The cents' names; nil: the cents are said as a bare number ("three dollars fifty").
        var minor: (singular: String, plural: String)?
        var isFeminine = false
    }

    var code: String
    /// Lowercased words after which a Roman numeral is a cardinal number.
    var numberingWords: Set<String>
    /// A Roman numeral after a name ("the eighth", "quatorze", "der Achte").
    var regnal: @Sendable (Int, NumberWords) -> String?
    /// Abbreviations by their letters as written (without the period).
    var abbreviations: [String: Abbreviation]
    /// Currency symbols and ISO codes.
    var currencies: [String: Currency]
    /// Unit symbols: singular and plural names.
    var units: [String: (singular: String, plural: String)]
    /// Month names, lowercased, January first.
    var months: [String]
    /// Lowercased words after which a four-digit number is a year.
    var yearCues: Set<String>
    /// How years are read: CLDR's year rules ("eighteen eighty-eight"), or
    /// cardinals where narrators use them (French "mille huit cent").
    var yearStyle: NumberWords.Style = .year
    /// Eras after a year ("AD", "BC").
    var eras: Set<String>
    /// The word between the two ends of a range ("to", "à", "bis", "a").
    var rangeWord: String
    var percentWord: String
    var decimal: String
    var grouping: Set<String>
    /// "point", "virgule", "Komma", "coma".
    var decimalWord: String
    /// Decimals read as one number ("virgule quatorze") rather than digit by digit ("point one four").
    var decimalsAsNumber: Bool
    var degree: (singular: String, plural: String)
    /// The Unicode vulgar fractions alone.
    var fractions: [String: String]
    /// A whole number and a vulgar fraction ("three and a half").
    var mixedFraction: @Sendable (String, String) -> String?
    /// The ordinal suffixes written after digits, and the rule set each reads with.
    var ordinalSuffixes: [String: NumberWords.Style]
    /// A date: day, month (1-12), year in words (nil: none).
    var date: @Sendable (Int, Int, String?, NumberWords) -> String?
    /// A clock time: hours and minutes.
    var clock: @Sendable (Int, Int, NumberWords) -> String?
    /// How a sum of money is said: the amount and the currency.
    var money: @Sendable (Int, String?, Currency, NumberWords) -> String?

    /// The rules of the language of `tag` (its primary subtag), or nil when there are none.
    static func of(_ tag: String) -> NormalizationLanguage? {
        switch Lexicon.primary(tag) {
        case "en": EnglishWords.language
        case "fr": FrenchWords.language
        case "de": GermanWords.language
        case "es": SpanishWords.language
        default: nil
        }
    }

    /// The cents of an amount ("50" of "3.50", "5" of "3.5" is 50), or nil for none.
    static func cents(_ decimals: String?) -> Int? {
        guard let decimals, !decimals.isEmpty, decimals.count <= 2 else { return nil }
        let padded = decimals.count == 1 ? decimals + "0" : decimals
        let value = Int(padded) ?? 0
        return value == 0 ? nil : value
    }
}
