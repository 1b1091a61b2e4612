/// Finds lexicon graphemes in narration text as PLS matches them: as written
/// (case included) and on whole words, so `Va.` matches in "Richmond, Va." but
/// not inside "Vale", and `N.E.` as a whole. Earlier lexicons win over later
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
                let joinsBefore = position > range.lowerBound && CodeUnit.isWordCharacter(units[position - 1])
                for candidate in list {
                    let end = position + candidate.units.count
                    guard end <= range.upperBound, !(joinsBefore && CodeUnit.isWordCharacter(candidate.units[0])),
                          units[position..<end].elementsEqual(candidate.units) else { continue }
                    if end < range.upperBound, CodeUnit.isWordCharacter(units[end]),
                       CodeUnit.isWordCharacter(candidate.units[candidate.units.count - 1]) { continue }
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
    /// Part of a word for whole-word matching: letters, digits, and the halves
    /// of astral characters (CJK extensions are letters).
    static func isWordCharacter(_ unit: UInt16) -> Bool {
        (0xD800...0xDFFF).contains(unit) || isLetter(unit) || isDigit(unit)
    }
}
