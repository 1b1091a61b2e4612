/// German: numbering words, regnal ordinals ("Heinrich VIII." is "Heinrich
/// der Achte"), abbreviations (z. B., usw., Nr., S.), currencies after the
/// amount, units, dates ("am 3. März").
enum GermanWords {
    static let months = ["januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september",
                         "oktober", "november", "dezember"]

    static let language = NormalizationLanguage(
        code: "de",
        numberingWords: ["kapitel", "teil", "buch", "band", "akt", "aufzug", "szene", "auftritt", "gesang", "psalm",
                         "anhang", "abschnitt", "lektion", "artikel", "tafel", "abbildung", "folge", "bd"],
        regnal: { value, numbers in numbers.words(value, .ordinal).map { "der " + $0.prefix(1).uppercased() + $0.dropFirst() } },
        abbreviations: [
            "z.B": .init(spoken: "zum Beispiel", context: .always),
            "z. B": .init(spoken: "zum Beispiel", context: .always),
            "d.h": .init(spoken: "das heißt", context: .always),
            "d. h": .init(spoken: "das heißt", context: .always),
            "u.a": .init(spoken: "unter anderem", context: .always),
            "usw": .init(spoken: "und so weiter", context: .always),
            "bzw": .init(spoken: "beziehungsweise", context: .always),
            "vgl": .init(spoken: "vergleiche", context: .always),
            "ca": .init(spoken: "circa", context: .always),
            "Nr": .init(spoken: "Nummer", context: .beforeNumber),
            "S": .init(spoken: "Seite", context: .beforeNumber),
            "Bd": .init(spoken: "Band", context: .beforeNumber),
            "Abb": .init(spoken: "Abbildung", context: .beforeNumber),
            "Kap": .init(spoken: "Kapitel", context: .beforeNumber),
            "Dr": .init(spoken: "Doktor", context: .beforeName),
            "Prof": .init(spoken: "Professor", context: .beforeName),
            "Hr": .init(spoken: "Herr", context: .beforeName),
            "Hrn": .init(spoken: "Herrn", context: .beforeName),
            "Fr": .init(spoken: "Frau", context: .beforeName),
            "St": .init(spoken: "Sankt", context: .beforeName),
            "Str": .init(spoken: "Straße", context: .always),
        ],
        currencies: [
            "€": .init(singular: "Euro", plural: "Euro", minor: nil),
            "EUR": .init(singular: "Euro", plural: "Euro", minor: nil),
            "$": .init(singular: "Dollar", plural: "Dollar", minor: nil),
            "USD": .init(singular: "Dollar", plural: "Dollar", minor: nil),
            "£": .init(singular: "Pfund", plural: "Pfund", minor: nil),
            "GBP": .init(singular: "Pfund", plural: "Pfund", minor: nil),
            "CHF": .init(singular: "Franken", plural: "Franken", minor: nil),
        ],
        units: [
            "km": ("Kilometer", "Kilometer"), "m": ("Meter", "Meter"), "cm": ("Zentimeter", "Zentimeter"),
            "mm": ("Millimeter", "Millimeter"), "kg": ("Kilogramm", "Kilogramm"), "g": ("Gramm", "Gramm"),
            "mg": ("Milligramm", "Milligramm"), "l": ("Liter", "Liter"), "ml": ("Milliliter", "Milliliter"),
            "km/h": ("Kilometer pro Stunde", "Kilometer pro Stunde"), "ha": ("Hektar", "Hektar"),
        ],
        months: months,
        yearCues: ["im", "jahr", "jahre", "jahres", "seit", "bis", "von", "nach", "vor", "um", "ab", "geboren",
                   "gestorben", "anno", "sommer", "winter", "frühjahr", "herbst"],
        eras: [],
        rangeWord: "bis",
        percentWord: "Prozent",
        decimal: ",",
        grouping: [".", "\u{202F}", "\u{A0}"],
        decimalWord: "Komma",
        decimalsAsNumber: false,
        degree: ("Grad", "Grad"),
        fractions: ["½": "ein halb", "¼": "ein Viertel", "¾": "drei Viertel", "⅓": "ein Drittel", "⅔": "zwei Drittel",
                    "⅛": "ein Achtel"],
        mixedFraction: { whole, fraction in
            let part = ["½": "einhalb", "¼": "ein Viertel", "¾": "drei Viertel"][fraction]
            return part.map { fraction == "½" ? "\(whole)\($0)" : "\(whole) \($0)" }
        },
        ordinalSuffixes: [:],
        date: { day, month, year, numbers in
            guard let ordinal = numbers.words(day, .ordinalN) else { return nil }
            let name = months[month - 1].prefix(1).uppercased() + months[month - 1].dropFirst()
            return "\(ordinal) \(name)" + (year.map { " \($0)" } ?? "")
        },
        clock: { hours, minutes, numbers in
            guard let hour = numbers.words(hours) else { return nil }
            let spokenHour = hours == 1 ? "ein" : hour
            guard minutes > 0 else { return "\(spokenHour) Uhr" }
            return numbers.words(minutes).map { "\(spokenHour) Uhr \($0)" }
        },
        money: { integer, decimals, currency, numbers in
            guard let amount = integer == 1 ? "ein" : numbers.words(integer) else { return nil }
            let spoken = "\(amount) \(integer == 1 ? currency.singular : currency.plural)"
            guard let cents = NormalizationLanguage.cents(decimals), let words = numbers.words(cents) else { return spoken }
            return "\(spoken) \(words)"
        }
    )
}
