import Foundation
import Testing
@testable import FollowRender

/// Word ranges (UTF-16) of `text` as the narration pipeline finds them: ICU
/// word segments that hold letters, digits, kana or ideographs.
private func words(in text: String, locale: String) throws -> [TextRange] {
    let whole = TextRange(location: 0, length: text.utf16.count)
    let chapter = ChapterText(text: text, paragraphs: [Paragraph(range: whole, kind: .text)],
                              languages: [LanguageRun(range: whole, language: locale)], sourceMap: [])
    return try Segmenter.sentences(in: chapter).flatMap(\.words)
}

/// The invariants every alignment must keep.
private func checkInvariants(_ spans: [Range<Int>], words: Int, sampleCount: Int,
                             sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(spans.count == words, sourceLocation: sourceLocation)
    #expect(spans.allSatisfy { $0.lowerBound < $0.upperBound }, "empty word", sourceLocation: sourceLocation)
    #expect(spans.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= sampleCount }, sourceLocation: sourceLocation)
    #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound },
            "overlap or disorder", sourceLocation: sourceLocation)
}

@Suite("Word alignment with real eSpeak NG events", .serialized)
struct WordAlignerSpeechTests {
    let engine: SpeechEngine

    init() throws { engine = try SpeechEngine.shared() }

    @Test("aligns tricky sentences monotonically", arguments: [
        ("en", "Dr. Smith paid 1,234 dollars for a café naïve 😀 ok < b."),
        ("en", "On 12/05/2024 at 3:45 p.m., Mr. O'Neill's co-worker said “no” 3 times—really!"),
        ("fr", "Le café naïf coûte 2,50 € à Noël, n'est-ce pas ?"),
        ("ja", "今日は良い天気ですね。東京へ行きましょう。"),
        ("ar", "ذهب الولد إلى المدرسة في الصباح."),
        ("en", "I."),
    ])
    func realSentences(language: String, sentence: String) throws {
        let voice = try #require(engine.voiceName(forLanguage: language))
        let ranges = try words(in: sentence, locale: language)
        let utterance = try engine.synthesize(sentence, voice: voice, wpm: 175)
        let spans = WordAligner.align(sentence: sentence, words: ranges, utterance: utterance)
        checkInvariants(spans, words: ranges.count, sampleCount: utterance.samples.count)
        let voiced = utterance.voicedRange
        #expect(spans.first!.lowerBound >= voiced.lowerBound)
        #expect(spans.last!.upperBound == voiced.upperBound)
        // Contiguous: each word ends where the next begins.
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }

    @Test("uses eSpeak's own word starts where they are usable")
    func keepsEventTimes() throws {
        let sentence = "Dr. Smith paid 1,234 dollars for a café naïve 😀 ok."
        let ranges = try words(in: sentence, locale: "en")
        let texts = ranges.map { (sentence as NSString).substring(with: NSRange(location: $0.location, length: $0.length)) }
        #expect(texts == ["Dr", "Smith", "paid", "1,234", "dollars", "for", "a", "café", "naïve", "ok"])
        let utterance = try engine.synthesize(sentence, voice: try #require(engine.voiceName(forLanguage: "en")), wpm: 175)
        let spans = WordAligner.align(sentence: sentence, words: ranges, utterance: utterance)
        func event(at position: Int) -> Int? { utterance.words.first { $0.textPosition == position }?.sample }
        // Code-point positions (1-based): Smith 5, paid 11, 1,234 16 (first of several events),
        // dollars 22, café 36, naïve 41, ok 49 (after the emoji, one code point but two UTF-16 units).
        for (word, position) in [(1, 5), (2, 11), (3, 16), (4, 22), (7, 36), (8, 41), (9, 49)] {
            #expect(spans[word].lowerBound == event(at: position), "\(texts[word])")
        }
        // "a" gets no event from eSpeak: it is placed between its neighbours.
        #expect(!utterance.words.contains { $0.textPosition == 34 })
        #expect(spans[6].lowerBound > spans[5].lowerBound && spans[6].upperBound == spans[7].lowerBound)
        // The number is read as several words: it lasts until "dollars".
        #expect(utterance.words.filter { (16...20).contains($0.textPosition) }.count > 1)
        #expect(spans[3].upperBound == spans[4].lowerBound)
    }

    @Test("stays in order at sonic speed, where eSpeak's events jitter")
    func sonicSpeed() throws {
        let sentence = try SpeedTable.referencePassage()
        let ranges = try words(in: sentence, locale: "en")
        let utterance = try engine.synthesize(sentence, voice: try #require(engine.voiceName(forLanguage: "en")), wpm: 708)
        let spans = WordAligner.align(sentence: sentence, words: ranges, utterance: utterance)
        checkInvariants(spans, words: ranges.count, sampleCount: utterance.samples.count)
        #expect(ranges.count > 80)
    }
}

@Suite("Word alignment with synthetic events")
struct WordAlignerTests {
    // "one two three four": words at UTF-16 0, 4, 8, 14; code points the same.
    let sentence = "one two three four"
    let ranges = [TextRange(location: 0, length: 3), TextRange(location: 4, length: 3),
                  TextRange(location: 8, length: 5), TextRange(location: 14, length: 4)]

    @Test("uses each word's event and ends the last word at the end of voiced audio")
    func allEvents() {
        let events = [WordEvent(sample: 0, textPosition: 1, length: 3), WordEvent(sample: 100, textPosition: 5, length: 3),
                      WordEvent(sample: 200, textPosition: 9, length: 5), WordEvent(sample: 300, textPosition: 15, length: 4)]
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: events, sampleCount: 500, voiced: 0..<420)
        #expect(spans == [0..<100, 100..<200, 200..<300, 300..<420])
        let whole = WordAligner.align(sentence: sentence, words: ranges, events: events, sampleCount: 500)
        #expect(whole.last == 300..<500)
    }

    @Test("interpolates missing words in proportion to their characters")
    func missingEvents() {
        // Only "one" and "four": "one " 4, "two " 4, "three " 6 characters share 0..<140.
        let events = [WordEvent(sample: 0, textPosition: 1, length: 3), WordEvent(sample: 140, textPosition: 15, length: 4)]
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: events, sampleCount: 200)
        #expect(spans == [0..<40, 40..<80, 80..<140, 140..<200])
    }

    @Test("spreads words over the voiced audio when there are no events")
    func noEvents() {
        // Weights 4, 4, 6, 4 over 20..<200.
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: [], sampleCount: 250, voiced: 20..<200)
        #expect(spans == [20..<60, 60..<100, 100..<160, 160..<200])
    }

    @Test("takes the earliest of doubled events")
    func doubledEvents() {
        let events = [WordEvent(sample: 0, textPosition: 1, length: 3), WordEvent(sample: 100, textPosition: 5, length: 3),
                      WordEvent(sample: 150, textPosition: 5, length: 3), WordEvent(sample: 180, textPosition: 6, length: 2),
                      WordEvent(sample: 200, textPosition: 9, length: 5), WordEvent(sample: 300, textPosition: 15, length: 4)]
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: events, sampleCount: 400)
        #expect(spans == [0..<100, 100..<200, 200..<300, 300..<400])
    }

    @Test("drops events that go back in time")
    func outOfOrder() {
        // "four" claims sample 20, before everything else: the longest rising run drops it.
        let events = [WordEvent(sample: 0, textPosition: 1, length: 3), WordEvent(sample: 100, textPosition: 5, length: 3),
                      WordEvent(sample: 250, textPosition: 9, length: 5), WordEvent(sample: 20, textPosition: 15, length: 4)]
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: events, sampleCount: 400)
        // "three " 6 and "four" 4 characters share 250..<400.
        #expect(spans == [0..<100, 100..<250, 250..<340, 340..<400])
        // Two equally long rising runs: either is kept, the invariants hold.
        let swapped = [WordEvent(sample: 0, textPosition: 1, length: 3), WordEvent(sample: 100, textPosition: 5, length: 3),
                       WordEvent(sample: 50, textPosition: 9, length: 5), WordEvent(sample: 300, textPosition: 15, length: 4)]
        let either = WordAligner.align(sentence: sentence, words: ranges, events: swapped, sampleCount: 400)
        checkInvariants(either, words: 4, sampleCount: 400)
        #expect(either.first == 0..<either[1].lowerBound && either.last == 300..<400)
    }

    @Test("ignores events outside every word and past the audio")
    func strayEvents() {
        let events = [WordEvent(sample: 0, textPosition: 1, length: 3), WordEvent(sample: 90, textPosition: 4, length: 1),
                      WordEvent(sample: 100, textPosition: 5, length: 3), WordEvent(sample: 200, textPosition: 9, length: 5),
                      WordEvent(sample: 300, textPosition: 15, length: 4), WordEvent(sample: 350, textPosition: 40, length: 2)]
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: events, sampleCount: 320, voiced: 0..<320)
        #expect(spans == [0..<100, 100..<200, 200..<300, 300..<320])
    }

    @Test("clamps events beyond the voiced audio and keeps every word non-empty")
    func crowdedEnd() {
        let events = [WordEvent(sample: 0, textPosition: 1, length: 3), WordEvent(sample: 100, textPosition: 5, length: 3),
                      WordEvent(sample: 500, textPosition: 9, length: 5), WordEvent(sample: 600, textPosition: 15, length: 4)]
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: events, sampleCount: 700, voiced: 0..<300)
        checkInvariants(spans, words: 4, sampleCount: 700)
        #expect(spans == [0..<100, 100..<298, 298..<299, 299..<300])
    }

    @Test("counts code points, not UTF-16 units, before matching eSpeak positions")
    func surrogatePairs() {
        // "😀 hi 𝒳 yo": 😀 is 2 UTF-16 units but one code point.
        let text = "😀 hi 𝒳 yo"
        let words = [TextRange(location: 3, length: 2), TextRange(location: 9, length: 2)]
        let events = [WordEvent(sample: 0, textPosition: 1, length: 1), WordEvent(sample: 60, textPosition: 3, length: 2),
                      WordEvent(sample: 150, textPosition: 8, length: 2)]
        let spans = WordAligner.align(sentence: text, words: words, events: events, sampleCount: 200)
        #expect(spans == [60..<150, 150..<200])
    }

    @Test("handles no words and too little audio")
    func degenerate() {
        #expect(WordAligner.align(sentence: "", words: [], events: [], sampleCount: 100).isEmpty)
        let spans = WordAligner.align(sentence: sentence, words: ranges, events: [], sampleCount: 4)
        #expect(spans == [0..<1, 1..<2, 2..<3, 3..<4])
        #expect(WordAligner.align(sentence: sentence, words: ranges, events: [], sampleCount: 2).count == 4)
    }
}
