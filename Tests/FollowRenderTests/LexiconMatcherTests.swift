import Foundation
import Testing
@testable import FollowRender

/// Lexicon matching (`LexiconMatcher`, an Aho–Corasick automaton over the
/// reversed graphemes): the same matches as trying every grapheme at every
/// position, in time linear in the text whatever the lexicon (issue 23, class 2).
@Suite("Lexicon matching")
struct LexiconMatcherTests {
    /// The rule the matcher implements, written the slow way: at each word
    /// start, left to right, the longest grapheme of the first lexicon that
    /// has it and serves the language there, ending on a word end and free.
    static func reference(_ lexicons: [Lexicon], units: [UInt16], range: Range<Int>, language: (Int) -> String,
                          isFree: (Range<Int>) -> Bool) -> [Replacement] {
        let graphemes = Set(lexicons.flatMap { $0.entries.map { Array($0.grapheme.utf16) } })
            .sorted { $0.count > $1.count }
        var found: [Replacement] = []
        var position = range.lowerBound
        scan: while position < range.upperBound {
            for grapheme in graphemes where !grapheme.isEmpty {
                let end = position + grapheme.count
                guard end <= range.upperBound, units[position..<end].elementsEqual(grapheme) else { continue }
                if position > range.lowerBound, CodeUnit.joins(units[position - 1], grapheme[0]) { continue }
                if end < range.upperBound, CodeUnit.joins(grapheme[grapheme.count - 1], units[end]) { continue }
                guard isFree(position..<end) else { continue }
                let serving = lexicons.first { lexicon in
                    lexicon.serves(language(position)) && lexicon.entries.contains { Array($0.grapheme.utf16) == grapheme }
                }
                guard let serving, let entry = serving.entries.first(where: { Array($0.grapheme.utf16) == grapheme }) else { continue }
                found.append(.entry(position..<end, entry.spoken))
                position = end
                continue scan
            }
            position += 1
        }
        return found
    }

    /// A deterministic generator (SplitMix64), so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    @Test("on 2,000 random texts and lexicons (words, kanji, punctuation, languages, taken ranges) it finds what the slow rule finds")
    func agreesWithTheReference() {
        var random = Generator(state: 23)
        let pieces = ["a", "b", "ab", " ", ".", "日", "本", "Dr.", "-"]
        func text(_ count: Int) -> String { (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined() }
        var total = 0
        for round in 0..<2000 {
            let units = Array(text(Int.random(in: 0...40, using: &random)).utf16)
            let lexicons = (0..<Int.random(in: 1...3, using: &random)).map { number in
                Lexicon(source: "l\(number)", language: [nil, "en", "fr"].randomElement(using: &random)!,
                        entries: (0..<Int.random(in: 0...6, using: &random)).map { entry in
                            Lexicon.Entry(grapheme: text(Int.random(in: 1...4, using: &random)), spoken: .alias("s\(number).\(entry)"))
                        })
            }
            let lower = units.isEmpty ? 0 : Int.random(in: 0...units.count / 3, using: &random)
            let range = lower..<max(lower, units.count - Int.random(in: 0...2, using: &random))
            let split = Int.random(in: 0...max(0, units.count), using: &random)
            let language = { (offset: Int) in offset < split ? "en-US" : "fr" }
            let taken = Int.random(in: 0...max(0, units.count), using: &random)
            let isFree = { (candidate: Range<Int>) in !candidate.overlaps(taken..<taken + 2) }
            let matched = LexiconMatcher(lexicons).replacements(in: units, range: range, language: language, isFree: isFree)
            let expected = Self.reference(lexicons, units: units, range: range, language: language, isFree: isFree)
            #expect(matched == expected, "round \(round): \(String(decoding: units, as: UTF16.self).debugDescription) \(lexicons)")
            if matched != expected { break }
            total += matched.count
        }
        #expect(total > 1000, "the random cases match often enough to mean something: \(total)")
    }

    @Test("a 300,000-letter word against 400 graphemes sharing a 250-letter prefix is matched in linear time (segment --spoken)")
    func longWordAgainstSharedPrefixes() throws {
        let folder = try TestPaths.temporaryFolder()
        // 250 letters: graphemes stay within what a lexicon may hold (`Lexicon.maximumGrapheme`).
        let prefix = String(repeating: "a", count: 250)
        var lexicon = (0..<400).map { "\(prefix)b\($0)\tx\n" }.joined()
        lexicon += "\(prefix)b7 c\tmatched\n"
        try lexicon.write(toFile: folder + "/shared.tsv", atomically: true, encoding: .utf8)
        let text = "Title\n\n" + String(repeating: "a", count: 300_000) + " and \(prefix)b7 c end.\n"
        try text.write(toFile: folder + "/long.txt", atomically: true, encoding: .utf8)
        let run = try CommandRun.cli(["segment", folder + "/long.txt", "--chapter", "1", "--spoken", "--lexicon", folder + "/shared.tsv"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains(" and matched end."), "the grapheme after the long word is found")
        // Trying each grapheme at each position took 45 s on such input; linear matching takes
        // well under a second (figure in docs/reliability.md), the rest is the debug build's segmenting.
        #expect(run.seconds < 20, "\(run.seconds) s")

        // The matching alone, in this process: the automaton built and run over the long word.
        let lexicons = [try #require(LexiconReader.tsv(Data(lexicon.utf8), source: "shared.tsv", language: "en") { _ in })]
        let units = Array(text.utf16)
        let start = ContinuousClock.now
        let found = LexiconMatcher(lexicons).replacements(in: units, range: 0..<units.count, language: { _ in "en" }, isFree: { _ in true })
        let elapsed = ContinuousClock.now - start
        print("lexicon matching of \(units.count) units against \(lexicons[0].entries.count) graphemes: \(elapsed)")
        #expect(found.count == 1)
        #expect(elapsed < .seconds(5), "\(elapsed), under 1 s in a release build")
    }
}
