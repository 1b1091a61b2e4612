import Foundation
import Testing
@testable import FollowRender

/// Japanese books spoken from MeCab's readings (internallinks.epub from the corpus).
@Suite("Japanese readings with MeCab", .serialized)
struct JapaneseReadingTests {
    private static let book = TestPaths.book("internallinks.epub")

    private static func chapters() throws -> (EPUBArchive, [Chapter]) {
        let archive = try EPUBArchive(path: book)
        return (archive, ChapterReader(archive: archive).read().chapters)
    }

    @Test("MeCab gives each word of a Japanese sentence its katakana pronunciation")
    func readings() throws {
        let analyzer = try JapaneseAnalyzer()
        let tokens = analyzer.tokens(of: "日本語を話す。")
        #expect(tokens.map(\.range) == [0..<3, 3..<4, 4..<6, 6..<7])
        #expect(tokens.map(\.reading) == ["ニホンゴ", "ヲ", "ハナス", "。"])
        #expect(analyzer.version.hasPrefix("MeCab 0."))
    }

    @Test("Japanese words are MeCab's bunsetsu, with exact UTF-16 ranges around characters outside the BMP")
    func bunsetsu() throws {
        let analyzer = try JapaneseAnalyzer()
        let text = "𠮷野家でお茶を飲んでいる。値段は3.5ドルです。"
        let words = JapaneseWords.words(in: text, analyzer: analyzer)
        let units = Array(text.utf16)
        #expect(words.map { String(decoding: units[$0], as: UTF16.self) }
                == ["𠮷野家で", "お茶を", "飲んでいる", "値段は", "3.5ドルです"])
        #expect(words.first?.lowerBound == 0 && units[0] == 0xD842, "the surrogate pair is inside the first word")
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
    }

    @Test("no chapter of the Japanese corpus book leaves a \"Chinese letter\" in eSpeak's phonemes")
    func noChineseLetters() throws {
        let (archive, chapters) = try Self.chapters()
        let pronouncer = Pronouncer(archive: archive, lexiconPaths: []) { _ in }
        let engine = try SpeechEngine.shared()
        let voice = try #require(engine.voiceName(forLanguage: "ja"))
        #expect(try engine.phonemes(of: "日本語", voice: voice).contains("tS'aIni:z"), "eSpeak reads kanji as 'Chinese letter'")
        var sentences = 0
        for chapter in chapters {
            for sentence in try pronouncer.spokenSentences(of: chapter) {
                let phonemes = try engine.phonemes(of: sentence.text, voice: voice, phonemeInput: sentence.hasPhonemes)
                #expect(!phonemes.contains("tS'aIni:z"), "chapter \(chapter.index): \(sentence.text)")
                sentences += 1
            }
        }
        #expect(sentences > 150)
    }

    @Test("at least 90% of the Japanese words are timed from eSpeak's word events")
    func eventTimedWords() throws {
        let (archive, chapters) = try Self.chapters()
        let pronouncer = Pronouncer(archive: archive, lexiconPaths: []) { _ in }
        let engine = try SpeechEngine.shared()
        let speech = SpokenSpeech(engine: engine, voice: try #require(engine.voiceName(forLanguage: "ja")), wpm: 450)
        var words = 0
        var timed = 0
        for chapter in chapters.prefix(3) {
            for sentence in try pronouncer.spokenSentences(of: chapter) where !sentence.shownWords.isEmpty {
                let result = try speech.speak(sentence)
                words += sentence.shownWords.count
                timed += result.eventTimed
            }
        }
        print("Japanese words timed from events: \(timed) of \(words)")
        #expect(words > 700)
        #expect(Double(timed) >= 0.9 * Double(words), "\(timed) of \(words) words timed from events")
    }
}
