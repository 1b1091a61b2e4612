import Foundation
import Testing
@testable import FollowRender

/// Issue 28 (second part): quoted speech read by a second voice, on real eSpeak
/// NG audio; the words around it stay the narrator's, and word times stay
/// exact where the voice changes inside a sentence.
@Suite("Dialogue voice", .serialized)
struct DialogueVoiceTests {
    /// Original text: one paragraph per quotation style, each with its attribution.
    static let chapter = """
        <h1>Voices at the Lighthouse</h1>
        <p>“Bring the lantern up the stairs,” said Alice to the keeper.</p>
        <p>The keeper answered slowly, “The lantern is already burning on the rock.”</p>
        <p>«Where did you leave the little boat tonight?» asked Martin.</p>
        <p>„The boat is moored beside the harbour wall“, said Greta.</p>
        <p>「The storm will pass before the morning comes」 replied the Captain.</p>
        <p>The old man whispered <q>keep watch until the dawn breaks</q> and closed his eyes.</p>
        """

    static func book() throws -> String {
        let folder = try TestPaths.temporaryFolder()
        return try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(chapter1: chapter),
                                            to: URL(fileURLWithPath: folder + "/dialogue.epub")).path
    }

    /// The narrated chapter of the fixture book and its quotations.
    static func chapterAndQuotations(_ book: String) throws -> (Chapter, [Quotation]) {
        let archive = try EPUBArchive(path: book)
        let chapter = try #require(ChapterReader(archive: archive).read().chapters.first)
        return (chapter, Quotations.find(in: chapter.text, units: Array(chapter.text.text.utf16)))
    }

    @Test("each quotation style and <q> is found, with its marks, and the attribution is left out")
    func quotationsFound() throws {
        let (chapter, quotations) = try Self.chapterAndQuotations(try Self.book())
        let texts = quotations.map { chapter.text.substring($0.range) }
        #expect(texts == ["“Bring the lantern up the stairs,”", "“The lantern is already burning on the rock.”",
                          "«Where did you leave the little boat tonight?»", "„The boat is moored beside the harbour wall“",
                          "「The storm will pass before the morning comes」", "keep watch until the dawn breaks"], "\(texts)")
    }

    @Test("the chapter script gives quoted words the dialogue voice and the attribution the narrator's, piece by piece")
    func scriptVoices() throws {
        let book = try Self.book()
        let (chapter, quotations) = try Self.chapterAndQuotations(book)
        var settings = RenderSettings(rateName: "1x", speed: 1, wpm: 175, voice: "en+m1")
        settings.dialogueVoice = "en+f3"
        let builder = try ScriptBuilder(archive: try EPUBArchive(path: book), settings: settings, engine: try SpeechEngine.shared(),
                                        folder: try TestPaths.temporaryFolder(), trackCount: 1)
        let script = try builder.script(for: chapter, track: 1, segment: nil)
        var changes = 0
        for sentence in script.sentences {
            var offset = sentence.range.location
            let voices = Set(sentence.pieces.map(\.voice))
            if voices.count > 1 { changes += 1 }
            for piece in sentence.pieces {
                // The pieces are the sentence's text in order, so this one's starts at `offset`.
                let firstWord = try #require(piece.words.first)
                let location = offset + firstWord.location
                let quoted = quotations.contains { $0.range.contains(location) }
                #expect(piece.voice == (quoted ? "en+f3" : "en+m1"), "\(piece.text): \(piece.voice)")
                offset += piece.text.utf16.count
            }
        }
        #expect(changes == 6, "sentences with both voices: \(changes)")
    }

    @Test("a render speaks quotations in the dialogue voice (higher pitch) and keeps word times exact across the change")
    func renderedVoices() throws {
        let book = try Self.book()
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--format", "wav", "--jobs", "1",
                                                      "--voice", "en+m1", "--dialogue-voice", "en+f3"])
        try checkTimingsAndPositions(render)
        let errors = try render.onsetErrors()
        #expect(errors.sorted()[errors.count / 2] <= 0.002, "\(errors)")
        #expect(render.manifest.dialogue == BookManifest.Dialogue(voice: "en+f3", cast: nil))
        let timing = try #require(render.timings.first)
        let audio = try DecodedAudio(path: render.file(render.manifest.chapters[0].audioFile))
        let (chapter, quotations) = try Self.chapterAndQuotations(book)
        let rate = audio.sampleRate
        var compared = 0
        for sentence in timing.sentences where !sentence.words.isEmpty {
            let quoted = sentence.words.filter { word in quotations.contains { $0.range.contains(word.range.location) } }
            let narrated = sentence.words.filter { word in !quotations.contains { $0.range.contains(word.range.location) } }
            guard let q0 = quoted.first, let q1 = quoted.last, let n0 = narrated.first, let n1 = narrated.last else { continue }
            let slice = { (begin: Seconds, end: Seconds) in Array(audio.samples[Int(begin.value * Double(rate))..<Int(end.value * Double(rate))]) }
            let high = VoiceChoiceTests.pitches(slice(q0.begin, q1.end), sampleRate: rate)
            let low = VoiceChoiceTests.pitches(slice(n0.begin, n1.end), sampleRate: rate)
            guard high.count >= 3, low.count >= 3 else { continue }
            let text = chapter.text.substring(sentence.range)
            #expect(VoiceChoiceTests.percentile(high, 0.5) > 1.3 * VoiceChoiceTests.percentile(low, 0.5),
                    "\(text): quoted \(VoiceChoiceTests.percentile(high, 0.5)) Hz, narrator \(VoiceChoiceTests.percentile(low, 0.5)) Hz")
            compared += 1
        }
        #expect(compared >= 5, "sentences measured: \(compared)")
        try checkExactWordTimes(book: book, render: render, audio: audio)
    }

    /// Every piece of every sentence, synthesized alone, is found sample for sample
    /// in the chapter's WAV where the sidecar says, and its words' times are the
    /// piece's own word times moved there (within a sample).
    private func checkExactWordTimes(book: String, render: RenderedFolder, audio: DecodedAudio) throws {
        let engine = try SpeechEngine.shared()
        let (chapter, _) = try Self.chapterAndQuotations(book)
        var settings = RenderSettings(rateName: "4x", speed: 4, wpm: render.manifest.rate.wpm, voice: "en+m1")
        settings.dialogueVoice = "en+f3"
        let builder = try ScriptBuilder(archive: try EPUBArchive(path: book), settings: settings, engine: engine,
                                        folder: render.path, trackCount: 1)
        let script = try builder.script(for: chapter, track: 1, segment: nil)
        let timing = try #require(render.timings.first)
        var boundaries = 0
        for (sentence, timed) in zip(script.sentences, timing.sentences) where !sentence.pieces.isEmpty {
            // The sidecar's times are whole milliseconds: the sentence is looked for within one.
            let guess = Int((timed.begin.value * Double(audio.sampleRate)).rounded())
            var offset = guess
            var wordIndex = 0
            for (index, piece) in sentence.pieces.enumerated() {
                let utterance = try engine.synthesize(piece.text, voice: piece.voice, wpm: script.wpm, phonemeInput: piece.phonemes)
                let voiced = utterance.voicedRange
                let expected = Array(utterance.samples[voiced])
                let matches = { (start: Int) in start >= 0 && start + voiced.count <= audio.samples.count
                    && Array(audio.samples[start..<(start + voiced.count)]) == expected }
                if index == 0, let found = (guess - 25...guess + 25).first(where: matches) { offset = found }
                // Each later piece follows the one before it at once, sample for sample.
                #expect(matches(offset), "piece \(index) of '\(piece.text)' is not where the sidecar puts it")
                let aligned = WordAligner.align(sentence: piece.text, words: piece.words, utterance: utterance)
                for range in aligned {
                    let begin = Double(min(max(range.lowerBound, voiced.lowerBound), voiced.upperBound) - voiced.lowerBound + offset)
                    let word = timed.words[wordIndex]
                    #expect(abs(word.begin.value - begin / Double(audio.sampleRate)) < 0.0006, "\(piece.text) word \(wordIndex)")
                    wordIndex += 1
                }
                if index > 0 { boundaries += 1 }
                offset += voiced.count
            }
        }
        #expect(boundaries >= 6, "voice changes checked: \(boundaries)")
    }
}
