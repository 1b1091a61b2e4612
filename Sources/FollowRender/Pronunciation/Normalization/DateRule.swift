/// Dates: "3 March 1879" is "the third of March eighteen seventy-nine",
/// "March 3, 1879" "March third, eighteen seventy-nine", "1er mars 1879"
/// "premier mars mille huit cent soixante-dix-neuf", "am 3. März" "am dritten
/// März", "3 de marzo de 1879"; numeric dates ("1/2/2020") day first, or
/// month first in American English (`en-US`).
enum DateRule: NormalizationRule {
    static let family = NormalizationFamily.date

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let token = scan[index] else { return nil }
        if token.isWord { return monthFirst(scan, at: index) }
        guard token.isNumber, let day = token.value, !scan.isModelNumber(at: index) else { return nil }
        if let numeric = numeric(scan, at: index) { return numeric }
        guard (1...31).contains(day), token.text.count <= 2 else { return nil }
        if let before = scan.touching(before: index), [".", ",", ":", "/", "–"].contains(before.text) { return nil }
        var last = index
        if let suffix = scan.touching(after: index) {
            if suffix.isWord, scan.language.ordinalSuffixes[suffix.text] != nil || (scan.language.code == "en" && ["st", "nd", "rd", "th"].contains(suffix.text)) {
                last += 1
            } else if suffix.text == ".", scan.language.code == "de" {
                last += 1
            } else {
                return nil
            }
        }
        guard var monthIndex = scan.next(after: last) else { return nil }
        if scan.language.code == "es", scan.tokens[monthIndex].text == "de", let next = scan.next(after: monthIndex) { monthIndex = next }
        guard let month = month(scan, at: monthIndex) else { return nil }
        last = monthIndex
        let year = self.year(scan, after: monthIndex)
        if let year { last = year.last }
        return scan.language.date(day, month, year?.words, scan.numbers).map { .rewrite(through: last, spoken: $0) }
    }

    /// English "March 3, 1879", "March 3rd".
    private static func monthFirst(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard scan.language.code == "en", let month = month(scan, at: index), let dayIndex = scan.next(after: index),
              let dayToken = scan[dayIndex], dayToken.isNumber, dayToken.text.count <= 2, let day = dayToken.value,
              (1...31).contains(day) else { return nil }
        var last = dayIndex
        if let suffix = scan.touching(after: dayIndex) {
            guard suffix.isWord, ["st", "nd", "rd", "th"].contains(suffix.text) else {
                if [":", ".", "/", "–"].contains(suffix.text), scan.touching(after: dayIndex + 1)?.isNumber == true { return nil }
                return finish(scan, month: month, day: day, last: last, index: index)
            }
            last += 1
        }
        return finish(scan, month: month, day: day, last: last, index: index)
    }

    private static func finish(_ scan: NormalizationScan, month: Int, day: Int, last: Int, index: Int) -> NormalizationMatch? {
        guard let ordinal = scan.numbers.words(day, .ordinal) else { return nil }
        var spoken = "\(EnglishWords.months[month - 1].capitalized) \(ordinal)"
        var end = last
        if scan.touching(after: last)?.text == ",", let yearIndex = scan.next(after: last + 1), let token = scan[yearIndex],
           token.isNumber, token.text.count == 4, let value = token.value, scan.touching(after: yearIndex).map({ $0.isWord || $0.isNumber }) != true,
           let words = scan.numbers.words(value, scan.language.yearStyle) {
            spoken += ", \(words)"
            end = yearIndex
        }
        return .rewrite(through: end, spoken: spoken)
    }

    /// "1/2/2020", "3.3.1879": day, month and year, separated the same way.
    private static func numeric(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let separator = scan.touching(after: index), separator.text == "/" || (separator.text == "." && scan.language.code != "en"),
              let second = scan.touching(after: index + 1), second.isNumber,
              scan.touching(after: index + 2)?.text == separator.text,
              let third = scan.touching(after: index + 3), third.isNumber, third.text.count == 4,
              let a = scan[index]?.value, let b = second.value, let yearValue = third.value,
              scan[index]!.text.count <= 2, second.text.count <= 2 else { return nil }
        if let after = scan.touching(after: index + 4), after.isNumber || after.isWord || after.text == separator.text { return nil }
        var (day, month) = (a, b)
        let american = scan.tag.lowercased().hasPrefix("en-us")
        if american && a <= 12 { (day, month) = (b, a) }
        if month > 12, day <= 12 { (day, month) = (month, day) }
        guard (1...12).contains(month), (1...31).contains(day), let year = scan.numbers.words(yearValue, scan.language.yearStyle) else {
            return .refused("not a date")
        }
        if american, let ordinal = scan.numbers.words(day, .ordinal) {
            return .rewrite(through: index + 4, spoken: "\(EnglishWords.months[month - 1].capitalized) \(ordinal), \(year)")
        }
        return scan.language.date(day, month, year, scan.numbers).map { .rewrite(through: index + 4, spoken: $0) }
    }

    /// The month named at `index` (1...12); English month names must be capitalized ("may" is a verb).
    private static func month(_ scan: NormalizationScan, at index: Int) -> Int? {
        guard let token = scan[index], token.isWord else { return nil }
        if scan.language.code == "en" || scan.language.code == "de", !token.isCapitalized { return nil }
        if token.isAllCapitals { return nil }
        return scan.language.months.firstIndex(of: token.text.lowercased()).map { $0 + 1 }
    }

    /// A year after the month ("1879"; Spanish "de 1879"): its words and last token.
    private static func year(_ scan: NormalizationScan, after monthIndex: Int) -> (words: String, last: Int)? {
        guard var at = scan.next(after: monthIndex) else { return nil }
        if scan.language.code == "es", scan.tokens[at].text == "de", let next = scan.next(after: at) { at = next }
        guard let token = scan[at], token.isNumber, (3...4).contains(token.text.count), let value = token.value,
              scan.touching(after: at).map({ $0.isWord || $0.isNumber || $0.text == "–" || $0.text == "," && scan.touching(after: at + 1)?.isNumber == true }) != true,
              let words = scan.numbers.words(value, scan.language.yearStyle) else { return nil }
        return (words, at)
    }
}
