/// French: numbering words, regnal numerals as cardinals ("Louis XIV" is
/// "Louis quatorze", but "François Ier" "premier"), abbreviations (M., Mme,
/// Mlle, Dr, p.), currencies after the amount, units, dates ("1er mars").
enum FrenchWords {
    static let months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                         "octobre", "novembre", "décembre"]

    static let language = NormalizationLanguage(
        code: "fr",
        numberingWords: ["chapitre", "partie", "livre", "tome", "volume", "acte", "scène", "chant", "psaume",
                         "annexe", "section", "leçon", "article", "planche", "tableau", "figure", "épisode", "titre"],
        regnal: { value, numbers in value == 1 ? "premier" : numbers.words(value, .cardinalMasculine) },
        abbreviations: [
            "M": .init(spoken: "Monsieur", context: .beforeName),
            "MM": .init(spoken: "Messieurs", context: .beforeName),
            "Mme": .init(spoken: "Madame", context: .beforeName, period: false),
            "Mmes": .init(spoken: "Mesdames", context: .beforeName, period: false),
            "Mlle": .init(spoken: "Mademoiselle", context: .beforeName, period: false),
            "Mlles": .init(spoken: "Mesdemoiselles", context: .beforeName, period: false),
            "Dr": .init(spoken: "Docteur", context: .beforeName, period: false),
            "Pr": .init(spoken: "Professeur", context: .beforeName, period: false),
            "Me": .init(spoken: "Maître", context: .beforeName, period: false),
            "Mgr": .init(spoken: "Monseigneur", context: .beforeName, period: false),
            "St": .init(spoken: "Saint", context: .beforeName, period: false),
            "Ste": .init(spoken: "Sainte", context: .beforeName, period: false),
            "p": .init(spoken: "page", context: .beforeNumber),
            "pp": .init(spoken: "pages", context: .beforeNumber),
            "n°": .init(spoken: "numéro", context: .beforeNumber, period: false),
            "no": .init(spoken: "numéro", context: .beforeNumber),
            "vol": .init(spoken: "volume", context: .beforeNumber),
            "chap": .init(spoken: "chapitre", context: .beforeNumber),
            "fig": .init(spoken: "figure", context: .beforeNumber),
            "etc": .init(spoken: "et cetera", context: .always),
            "cf": .init(spoken: "confer", context: .always),
        ],
        currencies: [
            "€": .init(singular: "euro", plural: "euros", minor: nil),
            "EUR": .init(singular: "euro", plural: "euros", minor: nil),
            "$": .init(singular: "dollar", plural: "dollars", minor: nil),
            "USD": .init(singular: "dollar", plural: "dollars", minor: nil),
            "£": .init(singular: "livre", plural: "livres", minor: nil, isFeminine: true),
            "GBP": .init(singular: "livre", plural: "livres", minor: nil, isFeminine: true),
            "CHF": .init(singular: "franc suisse", plural: "francs suisses", minor: nil),
            "¥": .init(singular: "yen", plural: "yens", minor: nil),
        ],
        units: [
            "km": ("kilomètre", "kilomètres"), "m": ("mètre", "mètres"), "cm": ("centimètre", "centimètres"),
            "mm": ("millimètre", "millimètres"), "kg": ("kilogramme", "kilogrammes"), "g": ("gramme", "grammes"),
            "mg": ("milligramme", "milligrammes"), "l": ("litre", "litres"), "ml": ("millilitre", "millilitres"),
            "km/h": ("kilomètre à l'heure", "kilomètres à l'heure"), "ha": ("hectare", "hectares"),
        ],
        months: months,
        yearCues: ["en", "depuis", "de", "avant", "après", "vers", "année", "années", "né", "née", "mort", "morte",
                   "jusqu'en", "dès", "an", "printemps", "été", "automne", "hiver"],
        yearStyle: .cardinal,
        eras: [],
        rangeWord: "à",
        percentWord: "pour cent",
        decimal: ",",
        grouping: [" ", "\u{202F}", "\u{A0}", "."],
        decimalWord: "virgule",
        decimalsAsNumber: true,
        degree: ("degré", "degrés"),
        fractions: ["½": "un demi", "¼": "un quart", "¾": "trois quarts", "⅓": "un tiers", "⅔": "deux tiers",
                    "⅛": "un huitième"],
        mixedFraction: { whole, fraction in
            let part = ["½": "et demi", "¼": "et quart", "¾": "trois quarts", "⅓": "et un tiers"][fraction]
            return part.map { "\(whole) \($0)" }
        },
        ordinalSuffixes: ["er": .ordinalMasculine, "re": .ordinalFeminine, "e": .ordinalMasculine,
                          "ème": .ordinalMasculine, "eme": .ordinalMasculine, "è": .ordinalMasculine,
                          "ers": .ordinalMasculine, "es": .ordinalMasculine],
        date: { day, month, year, numbers in
            guard let words = day == 1 ? "premier" : numbers.words(day, .cardinalMasculine) else { return nil }
            return "\(words) \(months[month - 1])" + (year.map { " \($0)" } ?? "")
        },
        clock: { hours, minutes, numbers in
            guard let hour = numbers.words(hours, .cardinalFeminine) else { return nil }
            let heures = hours == 1 ? "heure" : "heures"
            guard minutes > 0 else { return "\(hour) \(heures)" }
            return numbers.words(minutes, .cardinalFeminine).map { "\(hour) \(heures) \($0)" }
        },
        money: { integer, decimals, currency, numbers in
            guard let amount = numbers.words(integer, currency.isFeminine ? .cardinalFeminine : .cardinalMasculine)
            else { return nil }
            // "un million d'euros", "deux millions d'euros".
            let name = integer >= 2 ? currency.plural : currency.singular
            let linked = integer >= 1_000_000 && integer % 1_000_000 == 0 ? "\(amount) d'\(name)" : "\(amount) \(name)"
            guard let cents = NormalizationLanguage.cents(decimals), let words = numbers.words(cents) else { return linked }
            return "\(linked) \(words)"
        }
    )
}
