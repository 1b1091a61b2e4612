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
        let spoken = try Pronouncer(archive: archive, lexiconPaths: []) { warnings.append($0) }.spokenSentences(of: chapter)
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

    @Test("a replaced word's clip lasts as long as its phonemes said alone (±15%), silence at its edges left out")
    func clipLengths() throws {
        let book = try Self.loaded.get()
        let engine = try SpeechEngine.shared()
        let voice = try #require(engine.voiceName(forLanguage: "en-US"))
        let speech = SpokenSpeech(engine: engine, voice: voice, wpm: 175)
        let units = Array(book.chapter.text.text.utf16)
        var ratios: [Double] = []
        for sentence in book.spoken.prefix(200) where sentence.isReplaced {
            let result = try speech.speak(sentence)
            let spokenUnits = Array(sentence.text.utf16)
            for (index, word) in sentence.shownWords.enumerated() {
                guard let segment = sentence.segments.first(where: { !$0.isCopy && $0.shown == word.location..<word.end }) else { continue }
                let said = String(decoding: spokenUnits[segment.spoken], as: UTF16.self)
                let inContext = SilenceTrim.voicedRange(of: Array(result.utterance.samples[result.words[index]])).count
                ratios.append(Double(inContext) / Double(try Self.alone(said, clauseFinal: Self.endsClause(units, at: word.end),
                                                                          speech: speech)))
            }
        }
        let sorted = ratios.sorted()
        let within = ratios.filter { (0.85...1.15).contains($0) }.count
        print(String(format: "clip ratios: %d words, median %.2f, %.2f–%.2f, %d within ±15%%",
                     ratios.count, sorted[sorted.count / 2], sorted.first!, sorted.last!, within))
        #expect(ratios.count >= 100)
        #expect((0.92...1.08).contains(sorted[sorted.count / 2]))
        #expect(Double(within) >= 0.85 * Double(ratios.count))
    }

    @Test("the whole book renders at 4x with its lexicon and phonemes: timing invariants, positions and onsets hold")
    func wholeBookRender() throws {
        let render = try RenderedFolder.render(TestPaths.book("georgia-pls-ssml.epub"), ["--rate", "4x"], name: "georgia4x")
        #expect(!render.run.stderr.contains("warning"), "\(render.run.stderr)")
        try checkTimingsAndPositions(render)
        let errors = try sentenceOnsetErrors(render)
        #expect(errors.count > 200)
        #expect(errors.sorted()[errors.count / 2] <= 0.020, "median onset error")
        let timing = try #require(render.timings.first)
        let units = Array(timing.text.utf16)
        let words = timing.sentences.flatMap(\.words)
        let piedmont = words.filter { String(decoding: units[$0.range.location..<$0.range.end], as: UTF16.self) == "Piedmont" }
        #expect(piedmont.count >= 5 && piedmont.allSatisfy { $0.end.value > $0.begin.value })
    }

    /// The voiced length of `said` alone: as the whole utterance when the word
    /// ends a clause in the book (eSpeak lengthens clause-final words), else as
    /// the first word of "`said` and", where it is not clause-final either.
    private static func alone(_ said: String, clauseFinal: Bool, speech: SpokenSpeech) throws -> Int {
        if clauseFinal {
            return try speech.engine.synthesize(said, voice: speech.voice, wpm: speech.wpm, phonemeInput: true).voicedRange.count
        }
        let carrier = said + " and"
        let utterance = try speech.engine.synthesize(carrier, voice: speech.voice, wpm: speech.wpm, phonemeInput: true)
        let words = [TextRange(location: 0, length: said.utf16.count), TextRange(location: said.utf16.count + 1, length: 3)]
        let first = WordAligner.align(sentence: carrier, words: words, utterance: utterance)[0]
        return SilenceTrim.voicedRange(of: Array(utterance.samples[first])).count
    }

    private static func endsClause(_ units: [UInt16], at offset: Int) -> Bool {
        guard offset < units.count else { return true }
        return ",.;:)!?\n".utf16.contains(units[offset])
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
