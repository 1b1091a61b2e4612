import Foundation
import Testing
@testable import FollowRender

/// The sample book rendered once at 2x for the position tests (the render `RenderTests` reads).
private enum PositionRenders {
    static var sample: Result<RenderedFolder, any Error> { SampleRenders.twoX }
}

@Suite("Restoring positions: time to text and back", .serialized)
struct PositionTests {
    @Test("every word of three corpus books round-trips offset -> time -> offset", arguments: [
        ("moby-dick.epub", "4-5,11"),
        ("haruko-html-jpeg.epub", "13"),
        ("regime-anticancer-arabic.epub", "3"),
    ])
    func corpusRoundTrip(book: String, chapters: String) throws {
        // regime's chapter 3 is the whole book (its one narrated chapter): the whole render at 4x other suites share.
        let render = SharedRender.wholeBooks.contains(book)
            ? try SharedRender.wholeBook(book).render.selecting(chapters)
            : try RenderedFolder.render(TestPaths.book(book), ["--rate", "4x", "--chapters", chapters], name: "positions-\(book)")
        try #require(render.manifest.chapters.map(\.index) == ChapterSelection(chapters).map { Array($0.indices).sorted() })
        let violations = try SchemaCheck.folderViolations(render.path)
        #expect(violations == [])
        let index = PositionIndex(try RenderedBook.load(render.path))
        var words = 0
        for timing in render.timings {
            let chapter = timing.chapter.index
            for (sentenceIndex, sentence) in timing.sentences.enumerated() {
                for (wordIndex, word) in sentence.words.enumerated() {
                    words += 1
                    let forward = try index.position(chapter: chapter, offset: word.range.location)
                    #expect(forward.word.range == word.range && forward.audio.time == word.begin, "\(book) \(chapter) \(word.range)")
                    let back = try index.position(chapter: chapter, time: forward.audio.time.value)
                    #expect(back.offset == word.range.location && back.placement == .inside, "\(book) \(chapter) \(word.range)")
                    #expect(back.sentence.index == sentenceIndex && back.word.index == wordIndex)
                    let last = try index.position(chapter: chapter, offset: word.range.end - 1)
                    #expect(last.word.range == word.range, "last unit of \(word.range)")
                    let end = try index.position(chapter: chapter, time: word.end.value - 0.0005)
                    #expect(end.word.range == word.range, "just before the end of \(word.range)")
                }
                guard !sentence.words.isEmpty else { continue }
                let start = try index.position(chapter: chapter, offset: sentence.range.location, sentenceStart: true)
                #expect(start.audio.time == sentence.begin && start.offset == sentence.range.location)
                let back = try index.position(chapter: chapter, time: sentence.begin.value, sentenceStart: true)
                #expect(back.offset == sentence.range.location && back.sentence.index == sentenceIndex)
            }
        }
        #expect(words > 120, "\(book): only \(words) words (haruko's chapter has 137: MeCab's bunsetsu for Japanese)")
    }

    @Test("a pause maps to the word before it; before the first word and after the last, the nearest word")
    func pausesAndEnds() throws {
        let render = try PositionRenders.sample.get()
        let index = PositionIndex(try RenderedBook.load(render.path))
        let timing = try #require(render.timings.first)
        let first = try #require(timing.sentences.first?.words.first)
        #expect(first.begin.value > 0)
        let before = try index.position(chapter: 1, time: 0)
        #expect(before.word.range == first.range && before.placement == .beforeFirst)
        for (sentence, next) in zip(timing.sentences, timing.sentences.dropFirst()) {
            let pause = (sentence.end.value + next.begin.value) / 2
            #expect(pause > sentence.end.value && pause < next.begin.value)
            let answer = try index.position(chapter: 1, time: pause)
            #expect(answer.word.range == sentence.words.last?.range && answer.placement == .after, "pause at \(pause)")
            #expect(answer.audio.time == sentence.words.last?.begin)
            let gap = try index.position(chapter: 1, offset: sentence.range.end)
            #expect(gap.word.range == sentence.words.last?.range && gap.placement == .after)
        }
        let lastWord = try #require(timing.sentences.last?.words.last)
        let after = try index.position(chapter: 1, time: timing.audio.duration.value + 10)
        #expect(after.word.range == lastWord.range && after.placement == .after)
        let textEnd = try index.position(chapter: 1, offset: timing.text.utf16.count)
        #expect(textEnd.word.range == lastWord.range)
        let outside = #expect(throws: PositionError.self) { try index.position(chapter: 1, offset: timing.text.utf16.count + 1) }
        #expect(outside?.kind == .outsideText)
        #expect((#expect(throws: PositionError.self) { try index.position(chapter: 1, time: -1) })?.kind == .notATime)
        #expect((#expect(throws: PositionError.self) { try index.position(chapter: 7, time: 1) })?.kind == .notRendered)
    }

    @Test("the Readium Locator quotes the word with up to 50 UTF-16 units of context and gives progressions")
    func locator() throws {
        let render = try PositionRenders.sample.get()
        let index = PositionIndex(try RenderedBook.load(render.path))
        let lengths = render.timings.map { $0.text.utf16.count }
        for timing in render.timings {
            let units = Array(timing.text.utf16)
            for sentence in timing.sentences {
                for word in sentence.words {
                    let position = try index.position(chapter: timing.chapter.index, offset: word.range.location)
                    let locator = position.locator
                    #expect(locator.href == timing.chapter.href && locator.type == "application/xhtml+xml")
                    #expect(locator.title == timing.chapter.title)
                    let text = try #require(locator.text)
                    let before = Array((text.before ?? "").utf16), after = Array((text.after ?? "").utf16)
                    #expect(Array((text.highlight ?? "").utf16) == Array(units[word.range.location..<word.range.end]))
                    #expect(before == Array(units[(word.range.location - before.count)..<word.range.location]))
                    #expect(after == Array(units[word.range.end..<(word.range.end + after.count)]))
                    #expect(before.count == min(50, word.range.location) && after.count == min(50, units.count - word.range.end))
                    let progression = try #require(locator.locations.progression)
                    #expect(abs(progression - Double(word.range.location) / Double(units.count)) < 1e-12)
                    let preceding = lengths.prefix(timing.chapter.index - 1).reduce(0, +)
                    let total = try #require(locator.locations.totalProgression)
                    #expect(abs(total - Double(preceding + word.range.location) / Double(lengths.reduce(0, +))) < 1e-12)
                    #expect(position.audioLocator.href == timing.audio.file && position.audioLocator.type == "audio/mpeg")
                    #expect(position.audioLocator.locations.fragments == ["t=\(CueTime.decimal(word.begin))"])
                }
            }
        }
    }

    @Test("context is never cut inside a surrogate pair")
    func contextAroundEmoji() throws {
        let text = "a" + String(repeating: "🍯", count: 30) + " word " + String(repeating: "🍯", count: 30)
        let location = 62
        #expect(Array(text.utf16)[location..<(location + 4)] == Array("word".utf16)[...])
        let timing = ChapterTiming(
            chapter: .init(index: 1, href: "c.xhtml", title: "C"),
            audio: .init(file: "001-c.mp3", sampleRate: 22050, duration: Seconds(2)),
            text: text,
            sentences: [TimedSentence(range: TextRange(location: 1, length: text.utf16.count - 1), begin: Seconds(0.5), end: Seconds(1.5),
                                      words: [TimedWord(range: TextRange(location: location, length: 4), begin: Seconds(0.5), end: Seconds(1))])]
        )
        let position = try PositionIndex(RenderedBook(manifest: nil, chapters: [timing], folder: "/")).position(chapter: 1, time: 0.7)
        let context = try #require(position.locator.text)
        #expect(context.before == String(repeating: "🍯", count: 24) + " ")
        #expect(context.before?.utf16.count == 49)
        #expect(context.after == " " + String(repeating: "🍯", count: 24))
        #expect(context.after?.utf16.count == 49)
        #expect(context.highlight == "word")
    }

    @Test("locate prints the library's answer as JSON; bad queries exit 2, unknown chapters 1")
    func locateCommand() throws {
        let render = try PositionRenders.sample.get()
        let index = PositionIndex(try RenderedBook.load(render.path))
        let sentence = render.timings[1].sentences[2]
        let time = (sentence.words[1].begin.value + sentence.words[1].end.value) / 2
        let byTime = try CommandRun.cli(["locate", render.path, "--time", "2:\(time)"])
        #expect(byTime.status == 0, "\(byTime.stderr)")
        let printed = try JSONCoding.decode(BookPosition.self, from: Data(byTime.stdout.utf8))
        let expected = try index.position(chapter: 2, time: time)
        #expect(printed == expected)
        #expect(printed.word.range == sentence.words[1].range)
        let inside = sentence.words[1].range.location + 1
        let byOffset = try CommandRun.cli(["locate", render.path, "--offset", "2:\(inside)", "--sentence"])
        let start = try JSONCoding.decode(BookPosition.self, from: Data(byOffset.stdout.utf8))
        #expect(start.audio.time == sentence.begin && start.offset == sentence.range.location)
        let sidecar = try CommandRun.cli(["locate", render.file(render.manifest.chapters[1].timing), "--offset", "2:\(inside)"])
        #expect(try JSONCoding.decode(BookPosition.self, from: Data(sidecar.stdout.utf8)).word.range == sentence.words[1].range)

        let bad = try CommandRun.cli(["locate", render.path, "--time", "two:1"])
        #expect(bad.status == 2 && bad.stderr.contains("--time takes CHAPTER:SECONDS"))
        let neither = try CommandRun.cli(["locate", render.path])
        #expect(neither.status == 2)
        let missing = try CommandRun.cli(["locate", render.path, "--time", "9:1"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "follow-render: \(render.path): chapter 9 was not rendered (rendered: 1, 2)\n")
        let nowhere = try CommandRun.cli(["locate", render.path + "/nothing", "--time", "1:1"])
        #expect(nowhere.status == 1 && nowhere.stderr == "follow-render: \(render.path)/nothing: no such file or folder\n")
    }
}
