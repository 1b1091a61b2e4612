/// Decides whether a sentence end found by ICU is not one, so that the two
/// pieces around it are narrated as one sentence.
///
/// ICU's sentence rules already keep a period followed by a lowercase word
/// together ("e.g. the", "at 5 p.m. on Monday"), so these rules only look at
/// ICU breaks. No break is undone across a line break. Two kinds are undone:
///
/// Dialogue tags: a piece ending in "?" or "!" (possibly followed by closing
/// quotes or brackets) continues when the next piece starts with a lowercase
/// letter: "“Who?” she asked." is one sentence (ICU splits it). After a closing
/// quote it also continues into "I" or a name followed by a verb of speech
/// (`DialogueVerbs`): "“Really?” I asked.", "“Stop!” Alice cried.". A capitalized
/// pronoun or any other word starts a new sentence: "“Why?” She left.",
/// "“Why?” She asked." (the writer chose a capital).
///
/// Abbreviations: a piece ending in a period continues when the abbreviation
/// before the period is not glued to a digit ("1st." ends) and, matched
/// without regard to case, is
/// - a title that comes before a name: "Mr.", "Mrs.", "Dr.", "St.", "Prof." …;
/// - an inline Latin or comparison abbreviation: "e.g.", "i.e.", "cf.", "viz.", "vs.";
/// - a numbering word followed by a number: "No. 5", "Vol. 2", "pp. 10", "Fig. 3";
/// - initials (capital letter and period, once or more, but not "I.") followed
///   by a number ("in A.D. 1695."), or by a capital unless a lowercase word
///   comes before them: "J. R. R. Tolkien", "George W. Bush" and "The U.S. Army"
///   stay whole, while "in the U.S. Then", "plan B. Then" and, wrongly,
///   "met J. Smith" are split.
///
/// The normalization rules' abbreviations of the block's language join too
/// (`NormalizationLanguage`: French "M.", German "Nr.", "S.", "Dr.", Spanish
/// "Sr.", "Sra.", "pág." …): a title before a capital, a numbering word before
/// a number, and the Latin and German ones that never end a sentence ("z. B.",
/// "d. h.", "vgl."), so that the sentence the stage reads in full is one sentence.
///
/// Everything else ICU ends stays a sentence end. In particular "a.m.", "p.m.",
/// "etc.", "Jr.", "Inc." and "Co." before a capital end the sentence ("… at 5
/// p.m. Then …"): in narration they more often close a sentence than precede a
/// name. "No." followed by anything but a number ends it too ("No. It was not.").
enum SentenceJoins {
    /// Titles before a name.
    private static let titles: Set<String> = [
        "mr.", "mrs.", "ms.", "mx.", "messrs.", "mmes.", "dr.", "drs.", "prof.", "st.", "mt.",
        "rev.", "hon.", "capt.", "col.", "gen.", "lt.", "sgt.", "cpl.", "pvt.", "maj.", "adm.",
        "cmdr.", "gov.", "sen.", "rep.", "pres.", "supt.", "mme.", "mlle.",
    ]

    /// Abbreviations that never end a sentence.
    private static let inline: Set<String> = ["e.g.", "i.e.", "cf.", "viz.", "vs.", "approx."]

    /// Numbering words, joined only when a number follows.
    private static let beforeNumbers: Set<String> = [
        "no.", "nos.", "vol.", "vols.", "p.", "pp.", "fig.", "figs.", "ch.", "chap.", "art.", "sec.", "op.", "pt.",
    ]

    /// Quotes and brackets that may close a question or exclamation: " ' ) ] » ’ ” ›
    private static let closing: Set<UInt16> = [0x22, 0x27, 0x29, 0x5D, 0xBB, 0x2019, 0x201D, 0x203A]

    /// Closing quotes: " ' » ’ ” ›
    private static let quotes: Set<UInt16> = [0x22, 0x27, 0xBB, 0x2019, 0x201D, 0x203A]

    /// ! ? ‼ ⁇ ⁈ ⁉
    private static let terminators: Set<UInt16> = [0x21, 0x3F, 0x203C, 0x2047, 0x2048, 0x2049]

    /// One language's abbreviations, lowercased with their period, by how they join.
    struct LanguageAbbreviations: Sendable {
        var titles: Set<String> = []
        var inline: Set<String> = []
        var beforeNumbers: Set<String> = []

        /// Abbreviations that end sentences as often as not ("etc.", "usw.") are left out.
        init(_ language: NormalizationLanguage?) {
            guard let language else { return }
            // The first letter of a spaced one ("z." of "z. B.") never ends a sentence either.
            for letters in language.abbreviations.keys where letters.contains(" ") {
                inline.insert(letters.split(separator: " ")[0].lowercased())
            }
            for (letters, entry) in language.abbreviations where entry.period && !letters.contains(" ") {
                let key = letters.lowercased() + "."
                switch entry.context {
                case .beforeName: titles.insert(key)
                case .beforeNumber: beforeNumbers.insert(key)
                case .always where !["etc.", "usw.", "u.a.", "uds.", "ud."].contains(key): inline.insert(key)
                case .always: break
                }
            }
        }
    }

    private static let byLanguage: [String: LanguageAbbreviations] = Dictionary(uniqueKeysWithValues:
        ["en", "fr", "de", "es"].map { ($0, LanguageAbbreviations(NormalizationLanguage.of($0))) })

    /// Whether the sentence `sentence` of `text`, ending where ICU put a break,
    /// continues into `next` (both trimmed, `next` after `sentence`), in a block of `language`.
    static func continues(_ text: UnsafeBufferPointer<UInt16>, sentence: Range<Int>, into next: Range<Int>,
                          language: String = "") -> Bool {
        guard !sentence.isEmpty, !next.isEmpty,
              !(sentence.upperBound ..< next.lowerBound).contains(where: { CodeUnit.isLineBreak(text[$0]) })
        else { return false }
        return continuesDialogue(text, sentence: sentence, into: next)
            || continuesAbbreviation(text, sentence: sentence, into: next, own: byLanguage[Lexicon.primary(language)])
    }

    /// The dialogue-tag rule: "?" or "!", closing punctuation, then a lowercase
    /// letter, or, after a closing quote, "I" or a name and a verb of speech.
    private static func continuesDialogue(_ text: UnsafeBufferPointer<UInt16>, sentence: Range<Int>, into next: Range<Int>) -> Bool {
        var end = sentence.upperBound
        while end > sentence.lowerBound, closing.contains(text[end - 1]) { end -= 1 }
        guard end > sentence.lowerBound, terminators.contains(text[end - 1]) else { return false }
        if CodeUnit.isLowercase(text[next.lowerBound]) { return true }
        guard end < sentence.upperBound, quotes.contains(text[sentence.upperBound - 1]) else { return false }
        return DialogueVerbs.startsAttribution(text, at: next)
    }

    /// The abbreviation rule.
    private static func continuesAbbreviation(_ text: UnsafeBufferPointer<UInt16>, sentence: Range<Int>, into next: Range<Int>,
                                              own: LanguageAbbreviations?) -> Bool {
        let period: UInt16 = 0x2E
        guard text[sentence.upperBound - 1] == period else { return false }
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
        if let own {
            if own.inline.contains(key) { return true }
            // A one-letter title ("M.", "D.") only before a capital, as initials are.
            if own.titles.contains(key), token.first?.isUppercase == true, following == .uppercase { return true }
            if own.beforeNumbers.contains(key) { return following == .digit }
        }
        guard token != "I.", isInitials(token) else { return false }
        switch following {
        case .digit: return true
        case .uppercase: return !lowercaseWord(in: text, before: start, from: sentence.lowerBound)
        case .other: return false
        }
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

    /// Whether a token is made only of capital-letter-period pairs ("J.", "U.S.").
    private static func isInitials(_ token: String) -> Bool {
        let scalars = Array(token.unicodeScalars)
        guard scalars.count.isMultiple(of: 2) else { return false }
        return stride(from: 0, to: scalars.count, by: 2).allSatisfy {
            scalars[$0].properties.isUppercase && scalars[$0 + 1] == "."
        }
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
