/// Finds lexicon graphemes in narration text as PLS matches them: as written
/// (case included) and on whole words, so `Va.` matches in "Richmond, Va." but
/// not inside "Vale", and `N.E.` as a whole. In Japanese and Chinese text,
/// which has no spaces, a grapheme matches wherever it is written. Earlier lexicons win over later
/// ones, then longer graphemes over shorter ones at the same place.
///
/// Matching takes time linear in the text, whatever the lexicon: one pass of a
/// `GraphemeAutomaton` from the end of the range to its start gives, at each
/// position, the graphemes that start there, longest first; a pass from the
/// start then takes at each word start the longest one that ends on a word
/// end, serves the language there and is free. (Trying every grapheme at
/// every position took time proportional to the text times the graphemes
/// sharing a prefix: 45 s for one long word against graphemes with a long
/// common prefix.) Output links are kept per set of lexicons serving a
/// language, so graphemes of lexicons that do not serve the text are never
/// looked at.
struct LexiconMatcher {
    private let automaton: GraphemeAutomaton
    /// The entries (lexicon, spoken) of the node ending each grapheme, in lexicon
    /// order, the first entry of a grapheme in each lexicon only.
    private let entries: [Int32: [(lexicon: Int, spoken: Lexicon.Spoken)]]
    /// The lexicons of each group; group 0 holds those without a language,
    /// for text in a language no lexicon names.
    private let groups: [[Bool]]
    /// The group serving a primary language (`en`), when a lexicon names it.
    private let groupOfLanguage: [String: Int]
    /// Output links of each group, to the graphemes its lexicons have.
    private let outputs: [[Int32]]
    /// Output links to every grapheme: whether any starts at a position.
    private let anyOutput: [Int32]

    init(_ lexicons: [Lexicon]) {
        let all = lexicons.enumerated().flatMap { index, lexicon in lexicon.entries.map { (lexicon: index, entry: $0) } }
        let automaton = GraphemeAutomaton(all.lazy.map(\.entry.grapheme))
        var byNode: [Int32: [(lexicon: Int, spoken: Lexicon.Spoken)]] = [:]
        for (node, item) in zip(automaton.ends, all) where node != 0 {
            if byNode[node]?.contains(where: { $0.lexicon == item.lexicon }) == true { continue }
            byNode[node, default: []].append((item.lexicon, item.entry.spoken))
        }
        var groups: [[Bool]] = [lexicons.map { $0.language == nil }]
        var groupOfLanguage: [String: Int] = [:]
        for primary in lexicons.compactMap({ $0.language.map(Lexicon.primary) }) where groupOfLanguage[primary] == nil {
            groupOfLanguage[primary] = groups.count
            groups.append(lexicons.map { lexicon in lexicon.language.map { Lexicon.primary($0) == primary } ?? true })
        }
        func links(_ group: [Bool]?) -> [Int32] {
            var marked = [Bool](repeating: false, count: automaton.depth.count)
            for (node, list) in byNode where group.map({ group in list.contains { group[$0.lexicon] } }) ?? true {
                marked[Int(node)] = true
            }
            return automaton.outputLinks(marked)
        }
        let any = links(nil)
        // Lexicons without a language (as `--lexicon` files are) serve every group: such a group shares `any`.
        outputs = groups.map { group in group.allSatisfy { $0 } ? any : links(group) }
        anyOutput = any
        self.automaton = automaton
        entries = byNode
        self.groups = groups
        self.groupOfLanguage = groupOfLanguage
    }

    var isEmpty: Bool { automaton.isEmpty }

    /// Replacements for the graphemes found in `units[range]`, in order, where
    /// `isFree` allows them (not already replaced) and a lexicon serves the
    /// language `language` gives for the match's start.
    func replacements(in units: [UInt16], range: Range<Int>, language: (Int) -> String,
                      isFree: (Range<Int>) -> Bool) -> [Replacement] {
        guard !isEmpty, !range.isEmpty else { return [] }
        let states = automaton.startStates(units, range)
        var found: [Replacement] = []
        var position = range.lowerBound
        scan: while position < range.upperBound {
            defer { position += 1 }
            let state = Int(states[position - range.lowerBound])
            guard anyOutput[state] != 0 else { continue }
            if position > range.lowerBound, CodeUnit.joins(units[position - 1], units[position]) { continue }
            // Every candidate holds this position: one check skips them all when it is taken.
            guard isFree(position..<position + 1) else { continue }
            let group = groupOfLanguage[Lexicon.primary(language(position))] ?? 0
            var node = outputs[group][state]
            while node != 0 {
                let end = position + Int(automaton.depth[Int(node)])
                let endsWord = end == range.upperBound || !CodeUnit.joins(units[end - 1], units[end])
                if endsWord, isFree(position..<end), let entry = entries[node]?.first(where: { groups[group][$0.lexicon] }) {
                    found.append(.entry(position..<end, entry.spoken))
                    position = end - 1
                    continue scan
                }
                node = outputs[group][Int(automaton.fail[Int(node)])]
            }
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
