/// Finds lexicon graphemes in narration text as PLS matches them: as written
/// (case included) and on whole words, so `Va.` matches in "Richmond, Va." but
/// not inside "Vale", and `N.E.` as a whole. In Japanese and Chinese text,
/// which has no spaces, a grapheme matches wherever it is written. Earlier lexicons win over later
/// ones, then longer graphemes over shorter ones at the same place.
struct LexiconMatcher {
    private struct Candidate {
        var units: [UInt16]
        var spoken: Lexicon.Spoken
        var lexicon: Int
    }

    private let lexicons: [Lexicon]
    /// Candidates by their first code unit, longest first.
    private let candidates: [UInt16: [Candidate]]

    init(_ lexicons: [Lexicon]) {
        self.lexicons = lexicons
        var byFirst: [UInt16: [Candidate]] = [:]
        var seen = Set<[UInt16]>()
        for (index, lexicon) in lexicons.enumerated() {
            for entry in lexicon.entries {
                let units = Array(entry.grapheme.utf16)
                guard let first = units.first, seen.insert(units).inserted else { continue }
                byFirst[first, default: []].append(Candidate(units: units, spoken: entry.spoken, lexicon: index))
            }
        }
        candidates = byFirst.mapValues { list in
            list.enumerated().sorted { ($0.element.units.count, -$0.offset) > ($1.element.units.count, -$1.offset) }.map(\.element)
        }
    }

    var isEmpty: Bool { candidates.isEmpty }

    /// Replacements for the graphemes found in `units[range]`, in order, where
    /// `isFree` allows them (not already replaced) and a lexicon serves the
    /// language `language` gives for the match's start.
    func replacements(in units: [UInt16], range: Range<Int>, language: (Int) -> String,
                      isFree: (Range<Int>) -> Bool) -> [Replacement] {
        guard !candidates.isEmpty else { return [] }
        var found: [Replacement] = []
        var position = range.lowerBound
        scan: while position < range.upperBound {
            if let list = candidates[units[position]] {
                for candidate in list {
                    let end = position + candidate.units.count
                    guard end <= range.upperBound, units[position..<end].elementsEqual(candidate.units) else { continue }
                    if position > range.lowerBound, CodeUnit.joins(units[position - 1], candidate.units[0]) { continue }
                    if end < range.upperBound, CodeUnit.joins(candidate.units[candidate.units.count - 1], units[end]) { continue }
                    guard lexicons[candidate.lexicon].serves(language(position)), isFree(position..<end) else { continue }
                    found.append(.entry(position..<end, candidate.spoken))
                    position = end
                    continue scan
                }
            }
            position += 1
        }
        return found
    }
}

extension CodeUnit {
    /// Whether two neighbouring characters belong to one word for whole-word
    /// matching: both letters or digits, unless either is written without
    /// spaces between words (kanji, kana, Thai), where any neighbour may start a word.
    static func joins(_ left: UInt16, _ right: UInt16) -> Bool {
        isWordCharacter(left) && isWordCharacter(right) && !isUnspaced(left) && !isUnspaced(right)
    }

    /// Letters, digits, and the halves of astral characters (CJK extensions are letters).
    private static func isWordCharacter(_ unit: UInt16) -> Bool {
        (0xD800...0xDFFF).contains(unit) || isLetter(unit) || isDigit(unit)
    }

    /// Han, kana and Thai, whose words are not separated by spaces.
    private static func isUnspaced(_ unit: UInt16) -> Bool {
        (0xD800...0xDFFF).contains(unit) || (0x0E00...0x0E7F).contains(unit) || (0x3040...0x30FF).contains(unit)
            || (0x3400...0x9FFF).contains(unit) || (0xF900...0xFAFF).contains(unit) || (0xFF66...0xFF9F).contains(unit)
    }
}
