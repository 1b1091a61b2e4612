/// Abbreviations read in full, with their context: a title before a name
/// ("St. Paul's" is Saint, "Dr. Watson" Doctor), the same letters after a name
/// ("Baker St." is Street), numbering words before a number ("No. 5", "pp.
/// 10", "S. 12", "pág. 3"), and Latin ones anywhere ("e.g.", "i.e.", "etc.").
/// The period goes with the abbreviation, so eSpeak NG does not pause after
/// "Doctor"; a period that also ends the sentence stays.
enum AbbreviationRule: NormalizationRule {
    static let family = NormalizationFamily.abbreviation

    static func match(_ scan: NormalizationScan, at index: Int) -> NormalizationMatch? {
        guard let token = scan[index], token.isWord else { return nil }
        if let before = scan.touching(before: index), before.isWord || before.isNumber || before.text == "." { return nil }
        guard let (last, entry, hasPeriod) = longest(scan, at: index) else { return nil }
        if token.text.count == 1, token.isCapitalized, isAfterInitial(scan, at: index) { return .refused("initials") }
        let next = scan.next(after: last).map { scan.tokens[$0] }
        let previous = scan.previous(before: index).map { scan.tokens[$0] }
        let spoken: String
        switch entry.context {
        case .always:
            spoken = entry.spoken
        case .beforeNumber:
            guard let next, next.isNumber || (next.isWord && RomanNumeralRule.value(of: next.text) != nil && next.text.count > 1)
            else { return .refused("no number after") }
            spoken = entry.spoken
        case .beforeName:
            let nameFollows = next.map { $0.isCapitalized } ?? false
            let nameBefore = previous.map(\.isCapitalized) ?? false
            if let after = entry.afterName, nameBefore, !nameFollows {
                spoken = after
            } else if nameFollows {
                spoken = entry.spoken
            } else {
                return .refused("no name after")
            }
        }
        // The sentence's own final period stays, so the sentence still ends.
        let periodEndsSentence = hasPeriod && scan.next(after: last) == nil
        return .rewrite(through: periodEndsSentence ? last - 1 : last, spoken: spoken)
    }

    /// The longest abbreviation of the language starting at `index`: its last
    /// token (the period when there is one), entry, and whether it has a period.
    private static func longest(_ scan: NormalizationScan, at index: Int)
        -> (last: Int, entry: NormalizationLanguage.Abbreviation, hasPeriod: Bool)? {
        var text = ""
        var found: (Int, NormalizationLanguage.Abbreviation, Bool)?
        var at = index
        while at < min(scan.tokens.count, index + 8) {
            let token = scan.tokens[at]
            if token.kind == .space {
                guard token.text == " ", text.hasSuffix(".") else { break }
                text += " "
            } else if token.isWord || token.text == "." || token.text == "°" {
                text += token.text
            } else {
                break
            }
            if token.isWord || token.text == "°", let entry = scan.language.abbreviations[text] {
                let hasPeriod = scan.touching(after: at)?.text == "."
                let gluedLetter = scan.touching(after: hasPeriod ? at + 1 : at).map { $0.isWord || $0.isNumber } ?? false
                if (!entry.period || hasPeriod), !gluedLetter { found = (hasPeriod ? at + 1 : at, entry, hasPeriod) }
            }
            at += 1
        }
        return found
    }

    /// Whether a single capital follows another initial ("J. M. Barrie").
    private static func isAfterInitial(_ scan: NormalizationScan, at index: Int) -> Bool {
        guard let previous = scan.previous(before: index), scan.tokens[previous].text == ".",
              let letter = scan[previous - 1] else { return false }
        return letter.isWord && letter.text.count == 1 && letter.isCapitalized
    }
}
