import Foundation
import Testing
@testable import FollowRender

/// georgia-pls-ssml.epub from the corpus: a PLS lexicon linked from its
/// content document and `ssml:ph` phonemes on elements.
@Suite("PLS lexicons and SSML phonemes in georgia-pls-ssml.epub", .serialized)
struct GeorgiaPronunciationTests {
    private struct Book: Sendable {
        var lexicon: Data
        var chapter: Chapter
        var spoken: [SpokenSentence]
        var warnings: [PronunciationWarning]
    }

    private static let loaded = Result { () throws -> Book in
        let archive = try EPUBArchive(path: TestPaths.book("georgia-pls-ssml.epub"))
        guard let item = archive.book.spine.first(where: { $0.path == "EPUB/georgia.xhtml" }),
              let chapter = try ChapterReader(archive: archive).chapter(item) else { throw DecodeError(message: "no georgia.xhtml") }
        var warnings: [PronunciationWarning] = []
        let spoken = try Pronouncer(archive: archive, lexiconPaths: [], normalize: false) { warnings.append($0) }.spokenSentences(of: chapter)
        return Book(lexicon: try archive.data(at: "EPUB/lexicon/en.pls"), chapter: chapter, spoken: spoken, warnings: warnings)
    }

    /// Phonemes compared as sounds: eSpeak moves stress marks onto vowels, marks
    /// syllable joins (`;`) and vowel variants (`#`), and writes /ər/ before a vowel as `3r`.
    private static func sounds(_ phonemes: String) -> String {
        phonemes.replacingOccurrences(of: "[[", with: "").replacingOccurrences(of: "]]", with: "")
            .filter { !"',;# _".contains($0) }.replacingOccurrences(of: "@r", with: "3r")
    }

    @Test("every lexeme found in the narrated text and every ssml:ph element is replaced in the spoken form")
    func everyHintApplies() throws {
        let book = try Self.loaded.get()
        #expect(book.warnings == [])
        let text = book.chapter.text.text
        let units = Array(text.utf16)
        let replaced = book.spoken.flatMap { sentence in
            sentence.segments.filter { !$0.isCopy }.map { String(decoding: units[$0.shown], as: UTF16.self) }
        }
        let lexicon = try #require(LexiconReader.pls(book.lexicon, source: "en.pls", language: "en") { _ in })
        #expect(lexicon.entries.count == 71)
        let occurring = lexicon.entries.map(\.grapheme).filter { Self.occursAsWord($0, in: text) }
        #expect(occurring.count >= 60)
        #expect(Set(occurring).subtracting(replaced).sorted() == [], "lexemes in the text but not replaced")
        let hints = book.chapter.text.pronunciation.phonemes
        #expect(hints.count == 102)
        let hinted = Set(hints.map { $0.range.location })
        let replacedStarts = Set(book.spoken.flatMap { $0.segments.filter { !$0.isCopy }.map(\.shown.lowerBound) })
        #expect(hinted.subtracting(replacedStarts).isEmpty, "ssml:ph elements not replaced")
    }

    @Test("eSpeak's phonemes for each replacement are the lexicon's and the SSML's; most differ from its own reading")
    func phonemesChange() throws {
        let book = try Self.loaded.get()
        let engine = try SpeechEngine.shared()
        let voice = try #require(engine.voiceName(forLanguage: "en-US"))
        let units = Array(book.chapter.text.text.utf16)
        var seen = Set<String>()
        var alreadyEspeaks: [String] = []
        for sentence in book.spoken {
            let spokenUnits = Array(sentence.text.utf16)
            for segment in sentence.segments where !segment.isCopy {
                let shown = String(decoding: units[segment.shown], as: UTF16.self)
                let said = String(decoding: spokenUnits[segment.spoken], as: UTF16.self)
                guard seen.insert(shown + said).inserted else { continue }
                let spokenPhonemes = try engine.phonemes(of: said, voice: voice, phonemeInput: true)
                let ownPhonemes = try engine.phonemes(of: shown, voice: voice)
                #expect(Self.sounds(spokenPhonemes) == Self.sounds(said), "\(shown): eSpeak said \(spokenPhonemes) for \(said)")
                if Self.sounds(ownPhonemes) == Self.sounds(said) { alreadyEspeaks.append(shown) }
            }
        }
        #expect(seen.count >= 100)
        print("replacements: \(seen.count); eSpeak already says these as the lexicon does: \(alreadyEspeaks)")
        #expect(Double(alreadyEspeaks.count) <= 0.25 * Double(seen.count), "\(alreadyEspeaks)")
    }

    /// The alias is compared with itself spoken in the same position: in an
    /// utterance of its clause alone (eSpeak shapes prosody clause by clause,
    /// and lengthens a clause's last stressed word, its nucleus, by about 20%),
    /// measured the same way (its clip from the word events, silence at its
    /// edges left out). Compared with the alias spoken alone, or before "and",
    /// 11 of 115 clips were off: 10 by 16–19% short, because alone the alias is
    /// its clause's nucleus while in the book another stressed word follows it
    /// in the clause ("Bartow county", "Mobile Bay"); and "Chattanooga &" by 28%
    /// long, because the "and" eSpeak says for `&`, which is no shown word, is
    /// part of the word before it, as for any word (words end where the next begins).
    @Test("a replaced word's clip lasts as long as the alias spoken in the same position of its clause (±15%)")
    func clipLengths() throws {
        let book = try Self.loaded.get()
        let engine = try SpeechEngine.shared()
        let voice = try #require(engine.voiceName(forLanguage: "en-US"))
        let speech = SpokenSpeech(engine: engine, voice: voice, wpm: 175)
        var ratios: [Double] = []
        for sentence in book.spoken.prefix(200) where sentence.isReplaced {
            let result = try speech.speak(sentence)
            for (index, word) in sentence.shownWords.enumerated() {
                guard sentence.segments.contains(where: { !$0.isCopy && $0.shown == word.location..<word.end }) else { continue }
                let inContext = SilenceTrim.voicedRange(of: Array(result.utterance.samples[result.words[index]])).count
                ratios.append(Double(inContext) / Double(try Self.inOwnClause(word: index, of: sentence, speech: speech)))
            }
        }
        let sorted = ratios.sorted()
        let within = ratios.filter { (0.85...1.15).contains($0) }.count
        print(String(format: "clip ratios: %d words, median %.2f, %.2f–%.2f, %d within ±15%%",
                     ratios.count, sorted[sorted.count / 2], sorted.first!, sorted.last!, within))
        #expect(ratios.count >= 100)
        #expect((0.95...1.05).contains(sorted[sorted.count / 2]))
        #expect(within == ratios.count, "\(ratios.filter { !(0.85...1.15).contains($0) })")
    }

    @Test("the whole book renders at 4x with its lexicon and phonemes: timing invariants, positions and onsets hold")
    func wholeBookRender() throws {
        // The whole render at 4x that SweepTests and OverlayTests read too (it also writes the read-aloud EPUB).
        let render = try SharedRender.wholeBook("georgia-pls-ssml.epub").render
        #expect(!render.run.stderr.contains("warning"), "\(render.run.stderr)")
        try checkTimingsAndPositions(render)
        let errors = try sentenceOnsetErrors(render)
        #expect(errors.count > 200)
        print(String(format: "georgia 4x sentence onsets: %d, median error %.1f ms", errors.count, 1000 * errors.sorted()[errors.count / 2]))
        #expect(errors.sorted()[errors.count / 2] <= 0.020, "median onset error")
        let timing = try #require(render.timings.first)
        let units = Array(timing.text.utf16)
        let words = timing.sentences.flatMap(\.words)
        let piedmont = words.filter { String(decoding: units[$0.range.location..<$0.range.end], as: UTF16.self) == "Piedmont" }
        #expect(piedmont.count >= 5 && piedmont.allSatisfy { $0.end.value > $0.begin.value })
    }

    /// The voiced length of shown word `index`'s spoken stretch when eSpeak
    /// is given only its clause (from after the `,` `;` `:` `.` `!` `?` before
    /// it to and with the next one, each followed by a space), aligned with the
    /// same words as in the sentence.
    private static func inOwnClause(word index: Int, of sentence: SpokenSentence, speech: SpokenSpeech) throws -> Int {
        let units = Array(sentence.text.utf16)
        func endsClause(_ offset: Int) -> Bool {
            ",;:.!?".utf16.contains(units[offset]) && (offset + 1 == units.count || units[offset + 1] == 0x20)
        }
        var start = sentence.words[index].location
        while start > 0, !endsClause(start - 1) { start -= 1 }
        var end = sentence.words[index].end
        while end < units.count, !endsClause(end) { end += 1 }
        end = min(end + 1, units.count)
        let carrier = String(decoding: units[start..<end], as: UTF16.self)
        let first = sentence.words.firstIndex { $0.location >= start } ?? index
        let words = sentence.words[first...].prefix { $0.location < end }
            .map { TextRange(location: $0.location - start, length: min($0.end, end) - $0.location) }
        let utterance = try speech.engine.synthesize(carrier, voice: speech.voice, wpm: speech.wpm, phonemeInput: true)
        let clip = WordAligner.align(sentence: carrier, words: words, utterance: utterance)[index - first]
        return SilenceTrim.voicedRange(of: Array(utterance.samples[clip])).count
    }

    /// Whether `word` occurs in `text` as written, not inside a longer word.
    private static func occursAsWord(_ word: String, in text: String) -> Bool {
        var search = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: search) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let joins = { (character: Character?, edge: Character?) in
                (character?.isLetter ?? false || character?.isNumber ?? false) && (edge?.isLetter ?? false || edge?.isNumber ?? false)
            }
            if !joins(before, word.first), !joins(after, word.last) { return true }
            search = found.upperBound..<text.endIndex
        }
        return false
    }
}
