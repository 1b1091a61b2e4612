/// Clock times: "10:30" is "ten thirty", "10:05" "ten oh five", "10:00" "ten
/// o'clock"; French "10 h 30" and "10h30" "dix heures trente"; German "10:30
/// Uhr" "zehn Uhr dreißig". Refused after a capitalized word, where the colon
/// separates chapter and verse ("John 3:16").
enum ClockRule: NormalizationRule {
    static let family = NormalizationFamily.clock

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let hours = scan[index], hours.isNumber, hours.text.count <= 2, let hour = hours.value, hour <= 24,
              !scan.isModelNumber(at: index) else { return nil }
        if let before = scan.touching(before: index), [":", ".", ","].contains(before.text) { return nil }
        var minutesIndex: Int
        var last: Int
        if scan.touching(after: index)?.text == ":" || (scan.language.code == "de" && scan.touching(after: index)?.text == "."
            && scan.next(after: index + 2).map { scan.tokens[$0].text == "Uhr" } == true) {
            minutesIndex = index + 2
            last = minutesIndex
        } else if scan.language.code == "fr", let h = scan.next(after: index), scan.tokens[h].text == "h" {
            guard let minutes = scan.next(after: h), scan.tokens[minutes].isNumber else {
                return scan.language.clock(hour, 0, scan.numbers).map { .rewrite(through: h, spoken: $0) }
            }
            minutesIndex = minutes
            last = minutes
        } else {
            return nil
        }
        guard let minutes = scan[minutesIndex], minutes.isNumber, minutes.text.count == 2, let minute = minutes.value, minute < 60
        else { return nil }
        if let after = scan.touching(after: last), [":", ".", ","].contains(after.text), scan.touching(after: last + 1)?.isNumber == true {
            return .refused("not a time")
        }
        if let previous = scan.previous(before: index), scan.tokens[previous].isCapitalized,
           !scan.language.yearCues.contains(scan.tokens[previous].text.lowercased()) {
            return .refused("verse number")
        }
        if scan.language.code == "de", let uhr = scan.next(after: last), scan.tokens[uhr].text == "Uhr" { last = uhr }
        return scan.language.clock(hour, minute, scan.numbers).map { .rewrite(through: last, spoken: $0) }
    }
}
