/// Decides whether a sentence end found by ICU is really an abbreviation inside
/// a sentence, so that the two pieces are narrated as one sentence.
///
/// ICU's sentence rules already keep a period followed by a lowercase word
/// together ("e.g. the", "at 5 p.m. on Monday"), so this pass only looks at
/// ICU breaks, where the next piece starts with a capital, digit or symbol.
/// A break is undone when the first piece ends with a period, no line break
/// lies between the pieces, the abbreviation is not glued to a digit ("1st.")
/// and the abbreviation (matched without regard to case) is
/// - a title that comes before a name: "Mr.", "Mrs.", "Dr.", "St.", "Prof." …;
/// - an inline Latin or comparison abbreviation: "e.g.", "i.e.", "cf.", "viz.", "vs.";
/// - a numbering word followed by a number: "No. 5", "Vol. 2", "pp. 10", "Fig. 3";
/// - initials followed by a capital: a single capital letter other than "I"
///   ("J. R. R. Tolkien", "George W. Bush"), or several dotted capitals
///   ("U.S. Army") unless a lowercase word precedes them ("in the U.S. Then" ends).
///
/// Everything else that ICU ends stays a sentence end. In particular "a.m.",
/// "p.m.", "etc.", "Jr.", "Inc." and "Co." before a capital end the sentence
/// ("… at 5 p.m. Then …"): in narration they more often close a sentence than
/// precede a name. "No." followed by anything but a number ends it too ("No. Go.").
enum Abbreviations {
    /// Titles before a name.
    static let titles: Set<String> = [
        "mr.", "mrs.", "ms.", "mx.", "messrs.", "mmes.", "dr.", "drs.", "prof.", "st.", "mt.",
        "rev.", "hon.", "capt.", "col.", "gen.", "lt.", "sgt.", "cpl.", "pvt.", "maj.", "adm.",
        "cmdr.", "gov.", "sen.", "rep.", "pres.", "supt.", "mme.", "mlle.",
    ]

    /// Abbreviations that never end a sentence.
    static let inline: Set<String> = ["e.g.", "i.e.", "cf.", "viz.", "vs.", "approx."]

    /// Numbering words, joined only when a number follows.
    static let beforeNumbers: Set<String> = [
        "no.", "nos.", "vol.", "vols.", "p.", "pp.", "fig.", "figs.", "ch.", "chap.", "art.", "sec.", "op.", "pt.",
    ]

    /// Whether the sentence `sentence` of `text`, ending where ICU put a break,
    /// continues into `next` (both trimmed, `next` after `sentence`).
    static func continues(_ text: UnsafeBufferPointer<UInt16>, sentence: Range<Int>, into next: Range<Int>) -> Bool {
        let period: UInt16 = 0x2E
        guard !sentence.isEmpty, text[sentence.upperBound - 1] == period else { return false }
        guard !(sentence.upperBound ..< next.lowerBound).contains(where: { CodeUnit.isLineBreak(text[$0]) }) else {
            return false
        }
        var start = sentence.upperBound - 1
        while start > sentence.lowerBound, text[start - 1] == period || CodeUnit.isLetter(text[start - 1]) {
            start -= 1
        }
        if start > sentence.lowerBound, CodeUnit.isDigit(text[start - 1]) { return false }
        guard let following = Initial(of: text, in: next) else { return false }
        let token = String(decoding: UnsafeBufferPointer(rebasing: text[start ..< sentence.upperBound]), as: UTF16.self)
        let key = token.lowercased()
        if titles.contains(key) || inline.contains(key) { return true }
        if beforeNumbers.contains(key) { return following == .digit }
        guard following == .uppercase, let letters = initials(token) else { return false }
        if letters == 1 { return token != "I." }
        return !lowercaseWord(in: text, before: start, from: sentence.lowerBound)
    }

    /// How the next piece starts, after any opening quotes or brackets.
    private enum Initial {
        case uppercase, digit, other

        init?(of text: UnsafeBufferPointer<UInt16>, in range: Range<Int>) {
            guard let index = range.prefix(4).first(where: { CodeUnit.isLetter(text[$0]) || CodeUnit.isDigit(text[$0]) })
            else { return nil }
            let unit = text[index]
            if CodeUnit.isUppercase(unit) {
                self = .uppercase
            } else if CodeUnit.isDigit(unit) {
                self = .digit
            } else {
                self = .other
            }
        }
    }

    /// The number of initials in a token made only of capital-letter-period pairs ("J.", "U.S."), else `nil`.
    private static func initials(_ token: String) -> Int? {
        let scalars = Array(token.unicodeScalars)
        guard scalars.count.isMultiple(of: 2) else { return nil }
        for pair in stride(from: 0, to: scalars.count, by: 2) {
            guard scalars[pair].properties.isUppercase, scalars[pair + 1] == "." else { return nil }
        }
        return scalars.count / 2
    }

    /// Whether the word just before `offset` (past spaces, not before `lowerBound`) starts with a lowercase letter.
    private static func lowercaseWord(in text: UnsafeBufferPointer<UInt16>, before offset: Int, from lowerBound: Int) -> Bool {
        var end = offset
        while end > lowerBound, CodeUnit.isWhitespace(text[end - 1]) { end -= 1 }
        var start = end
        while start > lowerBound, CodeUnit.isLetter(text[start - 1]) { start -= 1 }
        return start < end && CodeUnit.isLowercase(text[start])
    }
}
