import Foundation
import Testing
@testable import FollowRender

/// Renders shared by several tests: the sample book at 1x (twice, for
/// determinism) and at 2x (`SharedRender`: `DiffTests` and `PositionTests` read the same).
enum SampleRenders {
    static var oneX: Result<RenderedFolder, any Error> { Result { try SharedRender.render(TestPaths.sampleBook, ["--rate", "1x"]) } }
    static var oneXAgain: Result<RenderedFolder, any Error> {
        Result { try SharedRender.render(TestPaths.sampleBook, ["--rate", "1x", "--jobs", "1"]) }
    }
    static var twoX: Result<RenderedFolder, any Error> { Result { try SharedRender.render(TestPaths.sampleBook, ["--rate", "2x"]) } }
}

@Suite("Rendering books to audio and timing sidecars", .serialized)
struct RenderTests {
    @Test("the sample book renders to MP3 files, sidecars, a manifest and a playlist")
    func sampleOutputFolder() throws {
        let render = try SampleRenders.oneX.get()
        #expect(render.manifest.format == "follow-render-book")
        #expect(render.manifest.chapters.map(\.index) == [1, 2])
        #expect(render.manifest.chapters.map(\.audio) == ["001-one-the-keeper.mp3", "002-two-the-storm.mp3"])
        #expect(render.manifest.rate == BookManifest.Rate(preset: "1x", wpm: 175))
        let playlist = try String(contentsOfFile: render.file("book.m3u8"), encoding: .utf8)
        #expect(playlist.hasPrefix("#EXTM3U\n"))
        #expect(playlist.contains("001-one-the-keeper.mp3\n"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: render.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("sidecar ranges are exactly the segment command's ranges")
    func sidecarRangesMatchSegmentation() throws {
        let render = try SampleRenders.oneX.get()
        for timing in render.timings {
            let run = try CommandRun.cli(["segment", TestPaths.sampleBook, "--chapter", "\(timing.chapter.index)", "--json"])
            let segmentation = try JSONCoding.decode(ChapterSegmentation.self, from: Data(run.stdout.utf8))
            #expect(segmentation.text == timing.text)
            #expect(segmentation.sentences.map(\.range) == timing.sentences.map(\.range))
            #expect(segmentation.sentences.map(\.words) == timing.sentences.map { $0.words.map(\.range) })
        }
    }

    @Test("every sentence and word is timed in order, inside its sentence and the audio")
    func timingInvariants() throws {
        let render = try SampleRenders.oneX.get()
        for timing in render.timings {
            #expect(timingViolations(timing) == [], "\(timing.chapter.href)")
            #expect(timing.sentences.allSatisfy { !$0.words.isEmpty })
        }
    }

    @Test("the sidecar's duration is the duration ffprobe reports, within 30 ms")
    func durationMatchesProbe() throws {
        let render = try SampleRenders.oneX.get()
        for chapter in render.manifest.chapters {
            let probed = try DecodedAudio.probeDuration(render.file(chapter.audioFile))
            #expect(abs(probed - chapter.duration.value) <= 0.030, "\(chapter.audio): ffprobe \(probed) s, sidecar \(chapter.duration.value) s")
            let decoded = try DecodedAudio(path: render.file(chapter.audioFile))
            let lastEnd = try #require(render.timings.first { $0.chapter.index == chapter.index }?.sentences.last?.end.value)
            #expect(lastEnd <= decoded.duration, "\(chapter.audio): speech ends after the decoded audio")
            #expect(decoded.duration <= chapter.duration.value + 0.001, "\(chapter.audioFile): decoded \(decoded.duration) s")
        }
    }

    @Test("sentence begin times fall on speech onsets in the decoded audio")
    func sentenceOnsets() throws {
        let render = try SampleRenders.oneX.get()
        let errors = try render.onsetErrors()
        let median = errors.sorted()[errors.count / 2]
        print(String(format: "sample book 1x sentence onsets: %d, median error %.1f ms", errors.count, 1000 * median))
        #expect(errors.count >= 10)
        #expect(median <= 0.020, "median onset error \(median) s over \(errors.count) sentences")
    }

    @Test("2x lasts half as long as 1x")
    func doubleSpeedHalvesDuration() throws {
        let one = try SampleRenders.oneX.get().manifest.duration.value
        let two = try SampleRenders.twoX.get().manifest.duration.value
        #expect(abs(two / one - 0.5) <= 0.015, "2x/1x = \(two / one)")
    }

    @Test("a second render gives byte-identical sidecars and manifest")
    func deterministic() throws {
        let first = try SampleRenders.oneX.get().jsonFiles()
        let second = try SampleRenders.oneXAgain.get().jsonFiles()
        #expect(first.keys.sorted() == second.keys.sorted())
        for (name, data) in first { #expect(second[name] == data, "\(name) differs") }
    }

    @Test("corpus books render with sound timing: EPUB 2, Japanese, and a small EPUB 3", arguments: [
        ("alice-in-wonderland-epub2.epub", "4-5"),
        ("internallinks.epub", "3"),
        ("trees.epub", "1-20"),
    ])
    func corpusBooks(book: String, chapters: String) throws {
        // Alice's chapters are read from the whole render at 4x that other suites share (the same chapter files).
        let render = SharedRender.wholeBooks.contains(book)
            ? try SharedRender.wholeBook(book).render.selecting(chapters)
            : try RenderedFolder.render(TestPaths.book(book), ["--rate", "4x", "--chapters", chapters], name: book)
        #expect(!render.timings.isEmpty)
        for (timing, chapter) in zip(render.timings, render.manifest.chapters) {
            #expect(timingViolations(timing) == [], "\(book) \(timing.chapter.href)")
            let probed = try DecodedAudio.probeDuration(render.file(chapter.audioFile))
            #expect(abs(probed - chapter.duration.value) <= 0.030, "\(book) \(chapter.audio)")
        }
        let errors = try render.onsetErrors()
        #expect(errors.sorted()[errors.count / 2] <= 0.020, "\(book): median onset error")
        let first = try #require(render.manifest.chapters.first)
        let probe = try DecodedAudio.probeTags(render.file(first.audioFile))
        #expect(probe.tags["title"] == first.title)
        #expect(probe.tags["album"] == render.manifest.title)
        let authors = render.manifest.authors.joined(separator: ", ")
        #expect(probe.tags["artist"] == (authors.isEmpty ? nil : authors))
        #expect(probe.tags["track"]?.contains("/") == true)
        #expect(probe.cover == (book != "alice-in-wonderland-epub2.epub"), "\(book): the cover (JPEG or PNG) belongs in the ID3 tag")
    }
}

@Suite("Choosing voices for language runs")
struct VoicePieceTests {
    @Test("a sentence that switches to xml:lang=\"fr\" midway is spoken in two pieces, the French one with the French voice")
    func frenchPassage() throws {
        let archive = try EPUBArchive(path: TestPaths.sampleBook)
        let item = try #require(archive.book.spine.first { $0.index == 2 })
        let chapter = try #require(try ChapterReader(archive: archive).chapter(item))
        let engine = try SpeechEngine.shared()
        let voices = try VoiceResolver(engine: engine, forced: nil, bookLanguage: "en")
        let sentence = try #require(chapter.sentences.first { chapter.text.substring($0.range).contains("Merci") })
        let pieces = VoicePiece.pieces(of: sentence, in: chapter, units: Array(chapter.text.text.utf16), voices: voices)
        #expect(pieces.map(\.voice) == [try #require(engine.voiceName(forLanguage: "en")), try #require(engine.voiceName(forLanguage: "fr"))])
        #expect(chapter.text.substring(pieces[1].range).hasPrefix("« Merci pour la lumière"))
        #expect(pieces.flatMap(\.words) == sentence.words)
        let forced = try VoiceResolver(engine: engine, forced: "en-us", bookLanguage: "en")
        #expect(VoicePiece.pieces(of: sentence, in: chapter, units: Array(chapter.text.text.utf16), voices: forced).map(\.voice) == ["en-us"])
    }
}
