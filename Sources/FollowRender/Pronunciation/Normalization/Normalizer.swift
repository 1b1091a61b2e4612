/// The normalization stage: rewrites the spoken form of tokens so that a
/// listener hears what a careful narrator would read ("Chapter II" as
/// "Chapter two", "£5" as "five pounds", "in 1888" as "in eighteen
/// eighty-eight"), for English, French, German and Spanish text; other
/// languages keep eSpeak NG's own reading. Only the spoken form changes:
/// replacements keep the shown range, so a word's time covers its expansion.
///
/// Rules run in a fixed order at each token; the first that rewrites wins,
/// and a guard's refusal is counted (`NormalizationEvent`). Owns one ICU
/// spellout formatter per language it met. Not thread-safe.
final class Normalizer {
    private static let rules: [any NormalizationRule.Type] = [
        AbbreviationRule.self, MoneyRule.self, ClockRule.self, DateRule.self, PercentRule.self, UnitRule.self,
        RangeRule.self, YearRule.self, OrdinalRule.self, FractionRule.self, RomanNumeralRule.self,
    ]

    private var numbers: [String: NumberWords?] = [:]
    /// Sees every rewrite and refusal (the normalization report); nil in renders.
    var record: ((NormalizationEvent) -> Void)?

    init() {}

    /// Whether `tag` has rules.
    static func normalizes(_ tag: String) -> Bool { NormalizationLanguage.of(tag) != nil }

    /// The replacements for `range` of `units` (one sentence), in order, in
    /// the language runs `language` gives; `isFree` says whether a stretch is
    /// still free (the book's hints and the user's lexicons win).
    func replacements(units: [UInt16], range: Range<Int>, isHeading: Bool, runs: [(range: Range<Int>, tag: String)],
                      isFree: (Range<Int>) -> Bool) -> [Replacement] {
        var found: [Replacement] = []
        for run in runs {
            guard let language = NormalizationLanguage.of(run.tag), let numbers = numberWords(language.code) else { continue }
            let scan = NormalizationScan(tokens: NormalizationToken.tokens(of: units, in: run.range), language: language,
                                         numbers: numbers, isHeading: isHeading, tag: run.tag)
            found += replacements(in: scan, units: units, isFree: isFree)
        }
        return found
    }

    private func replacements(in scan: NormalizationScan, units: [UInt16], isFree: (Range<Int>) -> Bool) -> [Replacement] {
        var found: [Replacement] = []
        var index = 0
        let tokens = scan.tokens
        while index < tokens.count {
            guard tokens[index].kind != .space, mayStart(tokens[index]) else {
                index += 1
                continue
            }
            var advanced = false
            for rule in Self.rules {
                guard let match = rule.match(scan, at: index) else { continue }
                switch match {
                case let .refused(guardName):
                    record?(NormalizationEvent(family: rule.family, language: scan.language.code, shown: tokens[index].text,
                                               spoken: nil, guardName: guardName))
                    continue
                case let .rewrite(through, spoken):
                    let shown = tokens[index].range.lowerBound..<tokens[through].range.upperBound
                    guard isFree(shown) else { continue }
                    let padded = Self.touchesLetter(units, before: shown.lowerBound, floor: tokens[0].range.lowerBound)
                        || Self.touchesLetter(units, after: shown.upperBound, ceiling: tokens[tokens.count - 1].range.upperBound)
                    found.append(Replacement(shown: shown, spoken: spoken, padded: padded))
                    if let record {
                        let lower = max(tokens[0].range.lowerBound, shown.lowerBound - 30)
                        let upper = min(tokens[tokens.count - 1].range.upperBound, shown.upperBound + 30)
                        record(NormalizationEvent(family: rule.family, language: scan.language.code,
                                                  shown: String(decoding: units[shown], as: UTF16.self), spoken: spoken,
                                                  guardName: nil, context: String(decoding: units[lower..<upper], as: UTF16.self)))
                    }
                    index = through + 1
                    advanced = true
                }
                break
            }
            if !advanced { index += 1 }
        }
        return found
    }

    /// Cheap first test: a token any rule may start at.
    private func mayStart(_ token: NormalizationToken) -> Bool {
        switch token.kind {
        case .number: true
        case .other: !token.text.unicodeScalars.allSatisfy { $0.isASCII && $0 != "$" } || token.text == "$"
        case .word: true
        case .space: false
        }
    }

    private static func touchesLetter(_ units: [UInt16], before offset: Int, floor: Int) -> Bool {
        offset > floor && (CodeUnit.isLetter(units[offset - 1]) || CodeUnit.isDigit(units[offset - 1]))
    }

    private static func touchesLetter(_ units: [UInt16], after offset: Int, ceiling: Int) -> Bool {
        offset < ceiling && (CodeUnit.isLetter(units[offset]) || CodeUnit.isDigit(units[offset]))
    }

    private func numberWords(_ code: String) -> NumberWords? {
        if let known = numbers[code] { return known }
        // No rules for the language (ICU's code is not a fault of the book): its numbers stay for eSpeak NG to read.
        let opened = try? NumberWords(language: code)
        numbers[code] = opened
        return opened
    }
}

extension Normalizer {
    /// The spoken form of `text` (one sentence in `language`) after the
    /// normalization rules alone: what `segment --spoken` would show for it.
    func spoken(_ text: String, language: String, isHeading: Bool = false) -> String {
        let units = Array(text.utf16)
        let found = replacements(units: units, range: 0..<units.count, isHeading: isHeading,
                                 runs: [(0..<units.count, language)], isFree: { _ in true })
        let sentence = SpokenComposer.compose(range: TextRange(location: 0, length: units.count), words: [], units: units,
                                              replacements: found)
        return sentence.text
    }
}
