/// Finds lexicon graphemes in narration text as PLS matches them: as written
/// (case included) and on whole words, so `Va.` matches in "Richmond, Va." but
/// not inside "Vale", and `N.E.` as a whole. In Japanese and Chinese text,
/// which has no spaces, a grapheme matches wherever it is written. Earlier lexicons win over later
/// ones, then longer graphemes over shorter ones at the same place.
///
/// Matching takes time linear in the text, whatever the lexicon: the
/// graphemes form an Aho–Corasick automaton over their *reversed* code units,
/// run once from the end of the range to its start, so that the state at each
/// position names, through its output links, every grapheme that starts there,
/// longest first. (Trying each grapheme at each position took time
/// proportional to the text times the graphemes sharing a prefix: 45 s for
/// one long word against graphemes with a long common prefix.) The scan then
/// takes, left to right, the longest grapheme at each word start that ends on
/// a word end, serves the language there and is free; output links are kept
/// per set of lexicons serving a language, so graphemes of lexicons that do
/// not serve the text are never looked at.
struct LexiconMatcher {
    private let lexicons: [Lexicon]
    /// Trie node of `(parent << 16) | unit`, the reversed graphemes; node 0 is the root.
    private let children: [UInt64: Int32]
    private let fail: [Int32]
    private let depth: [Int32]
    /// For a node that ends a grapheme, its entries (lexicon, spoken) in lexicon order; else empty.
    private let entries: [[(lexicon: Int, spoken: Lexicon.Spoken)]]
    /// Output links of each group: the nearest node on the failure chain (itself
    /// included) ending a grapheme that one of the group's lexicons has; 0 for none.
    private let outputs: [[Int32]]
    /// The lexicons of each group; group 0 holds those without a language,
    /// for text in a language no lexicon names.
    private let groups: [[Bool]]
    /// The group serving a primary language (`en`), when a lexicon names it.
    private let groupOfLanguage: [String: Int]
    /// Output links over every lexicon: whether any grapheme starts at a position.
    private let anyOutput: [Int32]

    init(_ lexicons: [Lexicon]) {
        self.lexicons = lexicons
        var children: [UInt64: Int32] = [:]
        var parent: [Int32] = [0], unit: [UInt16] = [0], depth: [Int32] = [0]
        var entries: [[(lexicon: Int, spoken: Lexicon.Spoken)]] = [[]]
        for (index, lexicon) in lexicons.enumerated() {
            for entry in lexicon.entries {
                var node: Int32 = 0
                for code in entry.grapheme.utf16.reversed() {
                    let key = UInt64(node) << 16 | UInt64(code)
                    if let next = children[key] {
                        node = next
                        continue
                    }
                    let next = Int32(parent.count)
                    children[key] = next
                    parent.append(node)
                    unit.append(code)
                    depth.append(depth[Int(node)] + 1)
                    entries.append([])
                    node = next
                }
                // The first entry of a grapheme in each lexicon counts.
                if node != 0, !entries[Int(node)].contains(where: { $0.lexicon == index }) {
                    entries[Int(node)].append((index, entry.spoken))
                }
            }
        }
        // Failure links, shallower nodes first.
        let order = parent.indices.dropFirst().sorted { (depth[$0], $0) < (depth[$1], $1) }
        var fail = [Int32](repeating: 0, count: parent.count)
        for node in order where parent[node] != 0 {
            var link = fail[Int(parent[node])]
            while true {
                if let next = children[UInt64(link) << 16 | UInt64(unit[node])] {
                    fail[node] = next
                    break
                }
                if link == 0 { break }
                link = fail[Int(link)]
            }
        }
        var groups: [[Bool]] = [lexicons.map { $0.language == nil }]
        var groupOfLanguage: [String: Int] = [:]
        for lexicon in lexicons {
            guard let language = lexicon.language else { continue }
            let primary = Lexicon.primary(language)
            guard groupOfLanguage[primary] == nil else { continue }
            groupOfLanguage[primary] = groups.count
            groups.append(lexicons.map { $0.language == nil || Lexicon.primary($0.language ?? "") == primary })
        }
        func links(_ serves: (Int) -> Bool) -> [Int32] {
            var out = [Int32](repeating: 0, count: parent.count)
            for node in order {
                out[node] = entries[node].contains { serves($0.lexicon) } ? Int32(node) : out[Int(fail[node])]
            }
            return out
        }
        self.children = children
        self.fail = fail
        self.depth = depth
        self.entries = entries
        self.groups = groups
        self.groupOfLanguage = groupOfLanguage
        outputs = groups.map { group in links { group[$0] } }
        anyOutput = links { _ in true }
    }

    var isEmpty: Bool { children.isEmpty }

    /// Replacements for the graphemes found in `units[range]`, in order, where
    /// `isFree` allows them (not already replaced) and a lexicon serves the
    /// language `language` gives for the match's start.
    func replacements(in units: [UInt16], range: Range<Int>, language: (Int) -> String,
                      isFree: (Range<Int>) -> Bool) -> [Replacement] {
        guard !isEmpty, !range.isEmpty else { return [] }
        let states = startStates(units, range)
        var found: [Replacement] = []
        var position = range.lowerBound
        scan: while position < range.upperBound {
            defer { position += 1 }
            let state = states[position - range.lowerBound]
            guard anyOutput[Int(state)] != 0 else { continue }
            if position > range.lowerBound, CodeUnit.joins(units[position - 1], units[position]) { continue }
            guard isFree(position..<position + 1) else { continue }
            let group = groupOfLanguage[Lexicon.primary(language(position))] ?? 0
            var node = outputs[group][Int(state)]
            while node != 0 {
                let end = position + Int(depth[Int(node)])
                let endsWord = end == range.upperBound || !CodeUnit.joins(units[end - 1], units[end])
                if endsWord, isFree(position..<end), let entry = entries[Int(node)].first(where: { groups[group][$0.lexicon] }) {
                    found.append(.entry(position..<end, entry.spoken))
                    position = end - 1
                    continue scan
                }
                node = outputs[group][Int(fail[Int(node)])]
            }
        }
        return found
    }

    /// The automaton's state after reading `units[range]` backwards down to
    /// each position: the longest text starting there that ends a reversed
    /// grapheme path, whose output links are the graphemes starting there.
    private func startStates(_ units: [UInt16], _ range: Range<Int>) -> [Int32] {
        var states = [Int32](repeating: 0, count: range.count)
        var state: Int32 = 0
        for position in range.reversed() {
            let code = UInt64(units[position])
            while true {
                if let next = children[UInt64(state) << 16 | code] {
                    state = next
                    break
                }
                if state == 0 { break }
                state = fail[Int(state)]
            }
            states[position - range.lowerBound] = state
        }
        return states
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
