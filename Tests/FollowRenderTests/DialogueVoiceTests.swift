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
        <p>“Bring the lantern up the stairs,” said Alice to the keeper, who was climbing slowly behind her.</p>
        <p>The keeper answered slowly, leaning on the cold iron rail, “The lantern is already burning on the rock.”</p>
        <p>«Where did you leave the little boat tonight?» asked Martin, looking down at the empty harbour.</p>
        <p>„The boat is moored beside the harbour wall“, said Greta, pointing towards the far end of the pier.</p>
        <p>「The storm will pass before the morning comes」 replied the Captain, watching the clouds over the sea.</p>
        <p>The old man whispered <q>keep watch until the dawn breaks</q> and closed his tired eyes by the window.</p>
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
        var settings = ChapterSettings(rateName: "1x", speed: 1, wpm: 175, voice: "en+m1")
        settings.dialogueVoice = "en+f3"
        let builder = try ScriptBuilder(archive: try EPUBArchive(path: book), settings: settings, engine: try SpeechEngine.shared(),
                                        folder: try TestPaths.temporaryFolder(), trackCount: 1)
        let script = try builder.script(for: chapter, track: 1, slice: nil)
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
        // At 4x with the breathy en+m1 the onset detector is a little late on some sentences;
        // the pieces are checked sample for sample below.
        #expect(errors.sorted()[errors.count / 2] <= 0.004, "\(errors)")
        #expect(render.manifest.dialogue == BookManifest.Dialogue(voice: "en+f3", cast: nil))
        let timing = try #require(render.timings.first)
        let audio = try DecodedAudio(path: render.file(render.manifest.chapters[0].audioFile))
        let (chapter, quotations) = try Self.chapterAndQuotations(book)
        let rate = audio.sampleRate
        // Pitch of each stretch of consecutive quoted or narrated words; the narrator's pooled over the chapter.
        var quotedMedians: [(String, Double)] = []
        var narrator: [Double] = []
        var narratorPerSentence: [(String, [Double])] = []
        for sentence in timing.sentences where !sentence.words.isEmpty {
            let text = chapter.text.substring(sentence.range)
            var runs: [(quoted: Bool, words: [TimedWord])] = []
            for word in sentence.words {
                let quoted = quotations.contains { $0.range.contains(word.range.location) }
                if runs.last?.quoted == quoted { runs[runs.count - 1].words.append(word) } else { runs.append((quoted, [word])) }
            }
            var own: [Double] = []
            for run in runs {
                let begin = Int(run.words[0].begin.value * Double(rate)), end = Int(run.words[run.words.count - 1].end.value * Double(rate))
                let pitches = VoiceChoiceTests.pitches(Array(audio.samples[begin..<end]), sampleRate: rate)
                if run.quoted {
                    if pitches.count >= 3 { quotedMedians.append((text, VoiceChoiceTests.percentile(pitches, 0.5))) }
                } else {
                    narrator += pitches
                    own += pitches
                }
            }
            narratorPerSentence.append((text, own))
        }
        #expect(narrator.count >= 10 && quotedMedians.count == 6, "narrator frames \(narrator.count), quotations measured \(quotedMedians.count)")
        let narratorMedian = narrator.isEmpty ? 0 : VoiceChoiceTests.percentile(narrator, 0.5)
        for (text, median) in quotedMedians {
            #expect(median > 1.3 * narratorMedian, "\(text): quoted \(median) Hz, narrator \(narratorMedian) Hz")
        }
        let quotedMedian = VoiceChoiceTests.percentile(quotedMedians.map(\.1), 0.5)
        for (text, pitches) in narratorPerSentence where pitches.count >= 3 {
            #expect(VoiceChoiceTests.percentile(pitches, 0.5) * 1.3 < quotedMedian, "\(text): narrator \(pitches)")
        }
        try checkExactWordTimes(book: book, render: render, audio: audio)
    }

    /// The chapter spoken again by a fresh worker process (`render-chapter`) from
    /// a script where each piece is a sentence of its own (no pause between the
    /// pieces of a sentence): the same synthesis calls in the same order (eSpeak NG
    /// carries state from one call to the next, so only that gives the same
    /// samples), timed the way every single-voice sentence is. The audio must be
    /// the chapter's sample for sample, and each word's time in the chapter's
    /// sidecar the time it has as a word of its piece's own sentence.
    private func checkExactWordTimes(book: String, render: RenderedFolder, audio: DecodedAudio) throws {
        let (chapter, _) = try Self.chapterAndQuotations(book)
        var settings = ChapterSettings(rateName: "4x", speed: 4, wpm: render.manifest.rate.wpm, voice: "en+m1", format: .wav)
        settings.dialogueVoice = "en+f3"
        let folder = try TestPaths.temporaryFolder()
        let builder = try ScriptBuilder(archive: try EPUBArchive(path: book), settings: settings, engine: try SpeechEngine.shared(),
                                        folder: folder, trackCount: 1)
        var script = try builder.script(for: chapter, track: 1, slice: nil)
        var split: [ChapterScript.Sentence] = []
        var boundaries = 0
        for sentence in script.sentences {
            guard sentence.pieces.count > 1 else {
                split.append(sentence)
                continue
            }
            var first = 0
            for (number, piece) in sentence.pieces.enumerated() {
                let words = Array(sentence.words[first..<(first + piece.words.count)])
                first += piece.words.count
                let range = TextRange(location: words[0].location, length: words[words.count - 1].end - words[0].location)
                split.append(ChapterScript.Sentence(range: range, words: words, pause: number == 0 ? sentence.pause : 0, pieces: [piece]))
                if number > 0 { boundaries += 1 }
            }
        }
        #expect(boundaries >= 6, "voice changes checked: \(boundaries)")
        script.sentences = split
        let line = String(decoding: try JSONCoding.encoder().encode(script), as: UTF8.self)
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/script.jsonl"))
        let worker = try CommandRun.run("/bin/sh", ["-c", "exec \"$0\" render-chapter < \"$1\"", TestPaths.cli, folder + "/script.jsonl"])
        #expect(worker.status == 0, "\(worker.stderr)")
        let again = try DecodedAudio(path: folder + "/" + (script.outputs.audio?.file ?? ""))
        #expect(again.samples == audio.samples, "the pieces as sentences give other samples")
        let pieces = try JSONCoding.decode(ChapterTiming.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + script.outputs.timing)))
        let chapterWords = try #require(render.timings.first).sentences.flatMap(\.words)
        let pieceWords = pieces.sentences.flatMap(\.words)
        #expect(chapterWords.count == pieceWords.count)
        for (word, alone) in zip(chapterWords, pieceWords) {
            #expect(word.range == alone.range && abs(word.begin.value - alone.begin.value) < 0.0005
                    && abs(word.end.value - alone.end.value) < 0.0005, "\(chapter.text.substring(word.range)): \(word.begin.value) vs \(alone.begin.value)")
        }
        // Where the voice changes, the piece's sentence begins with its own sound: the first word of a
        // piece starts no earlier than the piece, and the piece starts right where the one before ended.
        for (previous, next) in zip(pieces.sentences, pieces.sentences.dropFirst()) where next.begin == previous.end {
            #expect(next.words.first.map { $0.begin.value >= next.begin.value } == true)
        }
    }
}
