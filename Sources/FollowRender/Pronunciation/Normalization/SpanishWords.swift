/// Spanish: numbering words, regnal numerals ("Felipe II" is "Felipe
/// segundo", ordinals up to ten and cardinals after: "Alfonso XIII" is
/// "Alfonso trece"), abbreviations (Sr., Sra., Dña., pág.), currencies, units, dates.
enum SpanishWords {
    static let months = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
                         "octubre", "noviembre", "diciembre"]

    static let language = NormalizationLanguage(
        code: "es",
        numberingWords: ["capítulo", "parte", "libro", "tomo", "volumen", "acto", "escena", "canto", "salmo",
                         "apéndice", "sección", "lección", "artículo", "lámina", "tabla", "figura", "episodio", "título"],
        regnal: { value, numbers in value <= 10 ? numbers.words(value, .ordinalMasculine) : numbers.words(value, .cardinalMasculine) },
        abbreviations: [
            "Sr": .init(spoken: "señor", context: .beforeName),
            "Sra": .init(spoken: "señora", context: .beforeName),
            "Srta": .init(spoken: "señorita", context: .beforeName),
            "Sres": .init(spoken: "señores", context: .beforeName),
            "Dña": .init(spoken: "doña", context: .beforeName),
            "Dª": .init(spoken: "doña", context: .beforeName, period: false),
            "D": .init(spoken: "don", context: .beforeName),
            "Dr": .init(spoken: "doctor", context: .beforeName),
            "Dra": .init(spoken: "doctora", context: .beforeName),
            "Ud": .init(spoken: "usted", context: .always),
            "Uds": .init(spoken: "ustedes", context: .always),
            "pág": .init(spoken: "página", context: .beforeNumber),
            "págs": .init(spoken: "páginas", context: .beforeNumber),
            "p": .init(spoken: "página", context: .beforeNumber),
            "núm": .init(spoken: "número", context: .beforeNumber),
            "vol": .init(spoken: "volumen", context: .beforeNumber),
            "cap": .init(spoken: "capítulo", context: .beforeNumber),
            "etc": .init(spoken: "etcétera", context: .always),
            "Sto": .init(spoken: "santo", context: .beforeName),
            "Sta": .init(spoken: "santa", context: .beforeName),
        ],
        currencies: [
            "€": .init(singular: "euro", plural: "euros", minor: nil),
            "EUR": .init(singular: "euro", plural: "euros", minor: nil),
            "$": .init(singular: "dólar", plural: "dólares", minor: nil),
            "USD": .init(singular: "dólar", plural: "dólares", minor: nil),
            "£": .init(singular: "libra", plural: "libras", minor: nil, isFeminine: true),
            "GBP": .init(singular: "libra", plural: "libras", minor: nil, isFeminine: true),
        ],
        units: [
            "km": ("kilómetro", "kilómetros"), "m": ("metro", "metros"), "cm": ("centímetro", "centímetros"),
            "mm": ("milímetro", "milímetros"), "kg": ("kilogramo", "kilogramos"), "g": ("gramo", "gramos"),
            "mg": ("miligramo", "miligramos"), "l": ("litro", "litros"), "ml": ("mililitro", "mililitros"),
            "km/h": ("kilómetro por hora", "kilómetros por hora"), "ha": ("hectárea", "hectáreas"),
        ],
        months: months,
        yearCues: ["en", "desde", "de", "hasta", "hacia", "año", "años", "nació", "murió", "antes", "después",
                   "verano", "invierno", "primavera", "otoño"],
        eras: [],
        rangeWord: "a",
        percentWord: "por ciento",
        decimal: ",",
        grouping: [".", "\u{202F}", "\u{A0}", " "],
        decimalWord: "coma",
        decimalsAsNumber: true,
        degree: ("grado", "grados"),
        fractions: ["½": "un medio", "¼": "un cuarto", "¾": "tres cuartos", "⅓": "un tercio", "⅔": "dos tercios",
                    "⅛": "un octavo"],
        mixedFraction: { whole, fraction in
            let part = ["½": "y medio", "¼": "y cuarto", "¾": "y tres cuartos"][fraction]
            return part.map { "\(whole) \($0)" }
        },
        ordinalSuffixes: ["º": .ordinalMasculine, "ª": .ordinalFeminine, "o": .ordinalMasculine, "a": .ordinalFeminine,
                          "er": .ordinalMasculine],
        date: { day, month, year, numbers in
            guard let words = day == 1 ? "primero" : numbers.words(day, .cardinalMasculine) else { return nil }
            return "\(words) de \(months[month - 1])" + (year.map { " de \($0)" } ?? "")
        },
        clock: { hours, minutes, numbers in
            guard let hour = numbers.words(hours, .cardinalFeminine) else { return nil }
            // The text says "a las" or "son las" itself.
            guard minutes > 0 else { return "\(hour) en punto" }
            return numbers.words(minutes).map { "\(hour) y \($0)" }
        },
        money: { integer, decimals, currency, numbers in
            guard let amount = numbers.words(integer, currency.isFeminine ? .cardinalFeminine : .cardinalMasculine)
            else { return nil }
            let name = integer == 1 ? currency.singular : currency.plural
            let linked = integer >= 1_000_000 && integer % 1_000_000 == 0 ? "\(amount) de \(name)" : "\(amount) \(name)"
            guard let cents = NormalizationLanguage.cents(decimals), let words = numbers.words(cents) else { return linked }
            return "\(linked) con \(words)"
        }
    )
}
