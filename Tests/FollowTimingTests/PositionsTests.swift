import Foundation
import Testing
import FollowTiming

@Suite("FollowTiming maps positions and builds Locators")
struct PositionsTests {
    let book: RenderedBook
    let index: PositionIndex

    init() throws {
        book = try RenderedBook.load(GoldenRender.folder)
        index = PositionIndex(book)
    }

    @Test("every golden word maps offset to time and time back to the same word")
    func roundTrip() throws {
        var words = 0
        for timing in book.chapters {
            let chapter = timing.chapter.index
            for (sentenceIndex, sentence) in timing.sentences.enumerated() {
                for (wordIndex, word) in sentence.words.enumerated() {
                    words += 1
                    let forward = try index.position(chapter: chapter, offset: word.range.end - 1)
                    #expect(forward.word.range == word.range && forward.audio.time == word.begin && forward.placement == .inside)
                    let back = try index.position(chapter: chapter, time: word.begin.value)
                    #expect(back.offset == word.range.location && back.sentence.index == sentenceIndex && back.word.index == wordIndex)
                    let late = try index.position(chapter: chapter, time: word.end.value - 0.0005)
                    #expect(late.word.range == word.range)
                }
            }
        }
        #expect(words > 100, "only \(words) words in the golden render")
    }

    @Test("a pause maps to the word before it, a time before the first word to the first, and sentenceStart to its sentence")
    func pausesAndSentences() throws {
        let timing = try #require(book.chapter(1))
        let (first, second) = (timing.sentences[0], timing.sentences[1])
        let pause = (first.end.value + second.begin.value) / 2
        let inPause = try index.position(chapter: 1, time: pause)
        #expect(inPause.word.range == first.words.last?.range && inPause.placement == .after)
        let start = try index.position(chapter: 1, time: 0)
        #expect(start.word.range == first.words.first?.range && start.placement == .beforeFirst)
        let middle = try #require(second.words.dropFirst(2).first)
        let sentence = try index.position(chapter: 1, time: middle.begin.value, sentenceStart: true)
        #expect(sentence.offset == second.range.location && sentence.audio.time == second.begin)
        let between = try index.position(chapter: 1, offset: first.range.end, sentenceStart: true)
        #expect(between.offset == first.range.location && between.placement == .after)
    }

    @Test("the Locators name the chapter, its progression, the word and its audio fragment")
    func locators() throws {
        let timing = try #require(book.chapter(2))
        let word = timing.sentences[1].words[1]
        let position = try index.position(chapter: 2, offset: word.range.location)
        let units = timing.text.utf16.count, chapterOne = try #require(book.chapter(1)).text.utf16.count
        #expect(position.locator.href == "OEBPS/chapter-2.xhtml" && position.locator.type == "application/xhtml+xml")
        #expect(position.locator.locations.progression == Double(word.range.location) / Double(units))
        #expect(position.locator.locations.totalProgression == Double(chapterOne + word.range.location) / Double(chapterOne + units))
        let highlight = String(decoding: Array(timing.text.utf16)[word.range.location..<word.range.end], as: UTF16.self)
        #expect(position.locator.text?.highlight == highlight && position.word.text == highlight)
        #expect(position.locator.text?.before?.isEmpty == false && position.locator.text?.after?.isEmpty == false)
        let milliseconds = word.begin.milliseconds
        #expect(position.audioLocator.href == "002-two-the-storm.mp3" && position.audioLocator.type == "audio/mpeg")
        #expect(position.audioLocator.locations.fragments == ["t=\(milliseconds / 1000).\(String(format: "%03d", milliseconds % 1000))"])
        #expect(position.entry?.title == "Two: The Storm" && position.locator.title == "Two: The Storm")
        let json = String(decoding: try JSONCoding.data(position.locator), as: UTF8.self)
        #expect(json.contains(#""href":"OEBPS/chapter-2.xhtml""#) && !json.contains(#"\/"#), "slashes unescaped: \(json)")
    }

    @Test("queries outside the render are refused with their kind")
    func refusals() throws {
        #expect((#expect(throws: PositionError.self) { try index.position(chapter: 9, time: 1) })?.kind == .notRendered)
        #expect((#expect(throws: PositionError.self) { try index.position(chapter: 1, time: -1) })?.kind == .notATime)
        #expect((#expect(throws: PositionError.self) { try index.position(chapter: 1, offset: 1_000_000) })?.kind == .outsideText)
        #expect((#expect(throws: PositionError.self) { try index.position(audiobookTime: 3) })?.kind == .noAudiobook)
    }
}
