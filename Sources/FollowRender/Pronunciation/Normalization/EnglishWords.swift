/// English: numbering words, regnal ordinals ("Henry VIII" is "Henry the
/// eighth"), abbreviations, currencies, units, dates ("the third of March",
/// "March third"), clock times ("ten oh five").
enum EnglishWords {
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december"]

    static let language = NormalizationLanguage(
        code: "en",
        numberingWords: ["chapter", "part", "book", "volume", "vol", "act", "scene", "canto", "psalm", "appendix",
                         "section", "stave", "letter", "lesson", "lecture", "article", "plate", "table", "figure",
                         "number", "class", "phase", "level", "step", "episode", "fit", "chap", "ch"],
        regnal: { value, numbers in numbers.words(value, .ordinal).map { "the \($0)" } },
        abbreviations: [
            "St": .init(spoken: "Saint", context: .beforeName, afterName: "Street"),
            "Dr": .init(spoken: "Doctor", context: .beforeName, period: false, afterName: "Drive"),
            "Mr": .init(spoken: "Mister", context: .always, period: false),
            "Mrs": .init(spoken: "Missus", context: .always, period: false),
            "Ms": .init(spoken: "Miz", context: .beforeName, period: false),
            "Messrs": .init(spoken: "Messieurs", context: .always, period: false),
            "Prof": .init(spoken: "Professor", context: .beforeName),
            "Capt": .init(spoken: "Captain", context: .beforeName),
            "Gen": .init(spoken: "General", context: .beforeName),
            "Col": .init(spoken: "Colonel", context: .beforeName),
            "Lt": .init(spoken: "Lieutenant", context: .beforeName),
            "Rev": .init(spoken: "Reverend", context: .beforeName),
            "Sgt": .init(spoken: "Sergeant", context: .beforeName),
            "Mt": .init(spoken: "Mount", context: .beforeName),
            "No": .init(spoken: "number", context: .beforeNumber),
            "Nos": .init(spoken: "numbers", context: .beforeNumber),
            "no": .init(spoken: "number", context: .beforeNumber),
            "vol": .init(spoken: "volume", context: .beforeNumber),
            "Vol": .init(spoken: "volume", context: .beforeNumber),
            "ch": .init(spoken: "chapter", context: .beforeNumber),
            "Ch": .init(spoken: "chapter", context: .beforeNumber),
            "p": .init(spoken: "page", context: .beforeNumber),
            "pp": .init(spoken: "pages", context: .beforeNumber),
            "fig": .init(spoken: "figure", context: .beforeNumber),
            "Fig": .init(spoken: "figure", context: .beforeNumber),
            "ed": .init(spoken: "edition", context: .beforeNumber),
            "e.g": .init(spoken: "for example", context: .always),
            "i.e": .init(spoken: "that is", context: .always),
            "etc": .init(spoken: "et cetera", context: .always),
            "viz": .init(spoken: "namely", context: .always),
        ],
        currencies: [
            "£": .init(singular: "pound", plural: "pounds", minor: nil),
            "GBP": .init(singular: "pound", plural: "pounds", minor: nil),
            "$": .init(singular: "dollar", plural: "dollars", minor: nil),
            "USD": .init(singular: "dollar", plural: "dollars", minor: nil),
            "€": .init(singular: "euro", plural: "euros", minor: nil),
            "EUR": .init(singular: "euro", plural: "euros", minor: nil),
            "¥": .init(singular: "yen", plural: "yen", minor: nil),
            "JPY": .init(singular: "yen", plural: "yen", minor: nil),
        ],
        units: [
            "km": ("kilometre", "kilometres"), "m": ("metre", "metres"), "cm": ("centimetre", "centimetres"),
            "mm": ("millimetre", "millimetres"), "kg": ("kilogram", "kilograms"), "g": ("gram", "grams"),
            "mg": ("milligram", "milligrams"), "l": ("litre", "litres"), "ml": ("millilitre", "millilitres"),
            "km/h": ("kilometre per hour", "kilometres per hour"), "mph": ("mile per hour", "miles per hour"),
            "lb": ("pound", "pounds"), "lbs": ("pounds", "pounds"), "oz": ("ounce", "ounces"),
            "ft": ("foot", "feet"), "mi": ("mile", "miles"), "kW": ("kilowatt", "kilowatts"), "W": ("watt", "watts"),
            "V": ("volt", "volts"), "Hz": ("hertz", "hertz"), "kHz": ("kilohertz", "kilohertz"),
        ],
        months: months,
        yearCues: ["in", "since", "of", "by", "until", "till", "from", "before", "after", "around", "circa", "c",
                   "during", "year", "born", "died", "summer", "spring", "autumn", "winter", "fall", "early", "late",
                   "mid", "ad", "anno", "about"],
        eras: ["AD", "BC", "BCE", "CE", "A.D", "B.C"],
        rangeWord: "to",
        percentWord: "percent",
        decimal: ".",
        grouping: [","],
        decimalWord: "point",
        decimalsAsNumber: false,
        degree: ("degree", "degrees"),
        fractions: ["½": "one half", "¼": "one quarter", "¾": "three quarters", "⅓": "one third", "⅔": "two thirds",
                    "⅛": "one eighth", "⅜": "three eighths", "⅝": "five eighths", "⅞": "seven eighths",
                    "⅕": "one fifth", "⅙": "one sixth"],
        mixedFraction: { whole, fraction in
            let part = ["½": "a half", "¼": "a quarter", "¾": "three quarters", "⅓": "a third", "⅔": "two thirds",
                        "⅛": "an eighth"][fraction]
            return part.map { "\(whole) and \($0)" }
        },
        ordinalSuffixes: ["st": .ordinal, "nd": .ordinal, "rd": .ordinal, "th": .ordinal, "d": .ordinal],
        date: { day, month, year, numbers in
            guard let ordinal = numbers.words(day, .ordinal) else { return nil }
            let name = months[month - 1].capitalized
            return "the \(ordinal) of \(name)" + (year.map { " \($0)" } ?? "")
        },
        clock: { hours, minutes, numbers in
            guard let hour = numbers.words(hours) else { return nil }
            if minutes == 0 { return "\(hour) o'clock" }
            guard let minute = numbers.words(minutes) else { return nil }
            return minutes < 10 ? "\(hour) oh \(minute)" : "\(hour) \(minute)"
        },
        money: { integer, decimals, currency, numbers in
            guard let amount = numbers.words(integer) else { return nil }
            var spoken = "\(amount) \(integer == 1 ? currency.singular : currency.plural)"
            if let cents = NormalizationLanguage.cents(decimals), let words = numbers.words(cents) {
                spoken += integer == 0 ? "" : " \(words)"
                if integer == 0 { spoken = "\(words) \(cents == 1 ? "cent" : "cents")" }
            }
            return spoken
        }
    )
}
