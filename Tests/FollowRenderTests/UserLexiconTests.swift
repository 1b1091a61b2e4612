import Foundation
import Testing
@testable import FollowRender

/// `--lexicon` files: `Fixtures/user-lexicon.tsv` (Dr. → Doctor, a name in IPA,
/// a Japanese word with a custom reading) on a generated book.
@Suite("User lexicons", .serialized)
struct UserLexiconTests {
    private static let fixture = TestPaths.fixtures.appendingPathComponent("user-lexicon.tsv").path

    @Test("the fixture lexicon speaks Dr. as Doctor, the name from its IPA and 日本語 as にっぽんご")
    func spokenForm() throws {
        let book = try LexiconBook.write()
        let (chapter, pronouncer, warnings) = try LexiconBook.open(book, lexicons: [Self.fixture])
        let spoken = try pronouncer.spokenSentences(of: chapter)
        #expect(warnings() == [])
        let english = try #require(spoken.first { chapter.text.substring($0.range) == LexiconBook.english })
        #expect(english.text == "Doctor Watson met [['ni:v]] at noon.")
        let doctor = english.spokenWord(english.shownWords[0])
        #expect(String(english.text.utf16.dropFirst(doctor.location).prefix(doctor.length))! == "Doctor")
        let japanese = try #require(spoken.first { chapter.text.substring($0.range) == LexiconBook.japanese })
        #expect(japanese.text.hasPrefix("にっぽんご ヲ ハナス"))

        let engine = try SpeechEngine.shared()
        let en = try #require(engine.voiceName(forLanguage: "en"))
        let ja = try #require(engine.voiceName(forLanguage: "ja"))
        let said = try engine.phonemes(of: english.text, voice: en, phonemeInput: true)
        #expect(said.hasPrefix("d'0kt3 w'0ts@n m'Et n'i:v"), "\(said)")
        #expect(try engine.phonemes(of: "Niamh", voice: en) != "n'i:v", "eSpeak's own reading of the name differs")
        let japanesePhonemes = try engine.phonemes(of: japanese.text, voice: ja)
        #expect(japanesePhonemes.hasPrefix("nihp'oNgo"), "\(japanesePhonemes)")
        #expect(!japanesePhonemes.contains("nih'oNgo"))
    }

    @Test("the shown word Dr. is timed exactly as long as Doctor is spoken")
    func aliasTiming() throws {
        let book = try LexiconBook.write()
        let (chapter, pronouncer, _) = try LexiconBook.open(book, lexicons: [Self.fixture])
        let sentence = try #require(try pronouncer.spokenSentences(of: chapter).first { $0.text.hasPrefix("Doctor") })
        let engine = try SpeechEngine.shared()
        let speech = SpokenSpeech(engine: engine, voice: try #require(engine.voiceName(forLanguage: "en")), wpm: 175)
        let viaLexicon = try speech.speak(sentence)
        let written = "Doctor Watson met [['ni:v]] at noon."
        let literal = try engine.synthesize(written, voice: speech.voice, wpm: 175, phonemeInput: true)
        #expect(sentence.text == written)
        let words = [0..<6, 7..<13, 14..<17, 18..<26, 27..<29, 30..<34].map { TextRange(location: $0.lowerBound, length: $0.count) }
        let direct = WordAligner.align(sentence: written, words: words, utterance: literal)
        let lexiconWord = viaLexicon.words[0].count
        // The same string: only eSpeak's pitch-flutter state between calls differs.
        #expect(abs(Double(lexiconWord) / Double(direct[0].count) - 1) < 0.05, "\(lexiconWord) vs \(direct[0].count) samples")
        #expect(viaLexicon.eventTimed == sentence.shownWords.count)
    }

    @Test("editing a lexicon changes the cache key of the chapters it changes, and only those")
    func cacheKeys() throws {
        let book = try LexiconBook.write()
        let folder = try TestPaths.temporaryFolder()
        let edited = folder + "/edited.tsv"
        try "Dr.\tDoctor\nNiamh\t/niːv/\n日本語\tにほんご\nSecond\tTwo\n".write(toFile: edited, atomically: true, encoding: .utf8)
        let archive = try EPUBArchive(path: book)
        let chapters = ChapterReader(archive: archive).read().chapters
        let original = try Pronouncer(archive: archive, lexiconPaths: [Self.fixture]) { _ in }.fingerprints(of: chapters)
        let changed = try Pronouncer(archive: archive, lexiconPaths: [edited]) { _ in }.fingerprints(of: chapters)
        let unchanged = try Pronouncer(archive: archive, lexiconPaths: [Self.fixture]) { _ in }.fingerprints(of: chapters)
        #expect(original == unchanged)
        #expect(original[1] != changed[1], "the Japanese reading changed in chapter 1")
        #expect(original[2] != changed[2], "'Second' is replaced in chapter 2")
        #expect(original[1]?.contains("MeCab") == true, "the analyser's version is part of the key")
        let onlyFirst = folder + "/only-first.tsv"
        try "Dr.\tDoctor\nNiamh\t/niːv/\n日本語\tにほんご\n".write(toFile: onlyFirst, atomically: true, encoding: .utf8)
        let firstOnly = try Pronouncer(archive: archive, lexiconPaths: [onlyFirst]) { _ in }.fingerprints(of: chapters)
        #expect(firstOnly[1] != original[1] && firstOnly[2] == original[2])
    }
}
