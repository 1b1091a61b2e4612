import Foundation
import Testing
@testable import FollowRender

/// Issue 25 (tests): the render's own logic, from a chapter script to timed
/// audio, driven in this process by `FakeSynthesizer`, whose word events and
/// sample counts are known in advance. No eSpeak synthesis runs and no worker
/// is started; the scripts made by `ScriptBuilder` use eSpeak NG's voice list
/// only, to name the voices. What real speech proves stays in the suites that
/// render with eSpeak (`RenderTests`, `DialogueVoiceTests`...).
@Suite("Render logic with a fake synthesizer")
struct FakeSynthesisTests {
    static let narrator = "en+m1"

    static let plainSentences: [[(text: String, voice: String)]] = [
        [("The keeper climbs the stairs slowly.", narrator)],
        [("Gulls circle above the grey harbour wall.", narrator)],
        [("Night falls.", narrator)],
    ]

    // MARK: - Timing

    @Test("sentence and word spans tile the audio, with the scheduled pauses (and only those) as silence")
    func spansTileTheAudio() throws {
        let script = FakeScript.script(Self.plainSentences, pauses: [5512, 2205, 4410])
        let writer = MemoryAudioWriter(leadingSamples: 1105)
        let fake = FakeSynthesizer()
        var reports: [(Int, Int)] = []
        let timing = try ChapterRenderer(synthesizer: fake, script: script)
            .render(into: writer, audioFile: "001-one.wav") { reports.append(($0, $1)) }
        let (expected, total) = FakeScript.expected(script, leading: 1105)
        FakeScript.check(timing, against: expected)
        #expect(writer.finished)
        #expect(timing.audio.duration == FakeScript.seconds(total), "\(timing.audio.duration.value)")
        #expect(writer.samples.count + 1105 == total)
        for (index, sentence) in timing.sentences.enumerated() {
            let words = sentence.words
            #expect(words.first?.begin == sentence.begin && words.last?.end == sentence.end)
            for (word, next) in zip(words, words.dropFirst()) { #expect(word.end == next.begin, "words \(word.range) and \(next.range)") }
            // The scheduled pause before it is silence, the sentence itself is the fake's tone.
            let begin = expected[index].begin - 1105
            let pause = writer.samples[(begin - script.sentences[index].pause)..<begin]
            #expect(pause.allSatisfy { $0 == 0 }, "pause before sentence \(index)")
            if index > 0 { #expect(timing.sentences[index - 1].end == FakeScript.seconds(expected[index].begin - script.sentences[index].pause)) }
            let spoken = writer.samples[begin..<(expected[index].end - 1105)]
            #expect(spoken.prefix(FakeScript.unit).contains { abs(Int($0)) > 3000 } && spoken.suffix(FakeScript.unit).contains { abs(Int($0)) > 3000 },
                    "the clip starts and ends with speech (silence trimmed)")
        }
        #expect(writer.samples.suffix(script.trailing).allSatisfy { $0 == 0 })
        #expect(reports.map(\.0) == [1, 2, 3])
        #expect(reports.map(\.1) == expected.map(\.end))
        #expect(fake.calls.map(\.text) == Self.plainSentences.map { $0[0].text })
        #expect(fake.calls.allSatisfy { $0.wpm == 700 && $0.voice == Self.narrator && !$0.phonemes })
    }

    @Test("each word begins at the sample of the fake's word event, also after characters outside the BMP")
    func wordsFollowEvents() throws {
        // 𝄞 and 🌊 are two UTF-16 units and one code point each: eSpeak's positions count code points.
        let sentences: [[(text: String, voice: String)]] = [
            [("A 𝄞 tune drifts over the 🌊 waves and the naïve sailors listen.", Self.narrator)],
            [("I", Self.narrator)],
            [("Long-forgotten songs return", Self.narrator)],
        ]
        let script = FakeScript.script(sentences, pauses: [0, 1000, 300])
        let timing = try ChapterRenderer(synthesizer: FakeSynthesizer(), script: script)
            .render(into: MemoryAudioWriter(), audioFile: "001-one.wav") { _, _ in }
        let (expected, _) = FakeScript.expected(script, leading: 0)
        let checked = FakeScript.check(timing, against: expected)
        #expect(checked == script.wordCount, "every word has its own event: \(checked) of \(script.wordCount)")
        let tune = try #require(timing.sentences[0].words.first { FakeScript.substring(timing.text, $0.range) == "tune" })
        // "A 𝄞 " is four code points before "tune".
        #expect(tune.begin == FakeScript.seconds(4 * FakeScript.unit))
    }

    @Test("a sentence with nothing to say gets the silent clip, and times run on after it")
    func silentSentence() throws {
        var script = FakeScript.script(Self.plainSentences, pauses: [100, 200, 300])
        script.sentences[1].pieces = []
        script.sentences[1].words = []
        let writer = MemoryAudioWriter()
        let fake = FakeSynthesizer()
        let timing = try ChapterRenderer(synthesizer: fake, script: script).render(into: writer, audioFile: "x.wav") { _, _ in }
        let (expected, total) = FakeScript.expected(script, leading: 0)
        FakeScript.check(timing, against: expected)
        #expect(fake.calls.count == 2)
        #expect(timing.sentences[1].end.value - timing.sentences[1].begin.value == Double(script.silentSentence) / Double(FakeScript.rate))
        #expect(writer.samples.count == total)
    }

    // MARK: - Voice pieces

    @Test("each piece is one synthesis call in its own voice, and word times run on across a voice change")
    func piecesSwitchVoices() throws {
        let sentences: [[(text: String, voice: String)]] = [
            [("“Bring the lantern,”", "en+f3"), (" said Alice to the keeper.", Self.narrator)],
            [("The keeper answered, ", Self.narrator), ("“It is burning already.”", "en+f3")],
        ]
        let script = FakeScript.script(sentences, pauses: [2205, 2205])
        let fake = FakeSynthesizer()
        let timing = try ChapterRenderer(synthesizer: fake, script: script)
            .render(into: MemoryAudioWriter(leadingSamples: 1105), audioFile: "x.wav") { _, _ in }
        #expect(fake.calls.map(\.voice) == ["en+f3", Self.narrator, Self.narrator, "en+f3"])
        #expect(fake.calls.map(\.text) == sentences.flatMap { $0.map(\.text) })
        let (expected, _) = FakeScript.expected(script, leading: 1105)
        #expect(FakeScript.check(timing, against: expected) == script.wordCount)
        // "said" is the first word of the second piece: it starts after the first piece's clip and the space.
        let said = try #require(timing.sentences[0].words.first { FakeScript.substring(timing.text, $0.range) == "said" })
        #expect(said.begin == FakeScript.seconds(1105 + 2205 + ("“Bring the lantern,”".unicodeScalars.count + 1) * FakeScript.unit))
    }

    /// Original text: quoted speech and its attribution, one paragraph each.
    static let dialogueChapter = """
        <h1>The Lamp Room</h1>
        <p>“Carry the oil up to the lamp room,” said Alice to the keeper, who followed her slowly.</p>
        <p>The keeper answered from the landing, “The lamp has been burning since dusk.”</p>
        <p>Nobody spoke again until the morning boat arrived.</p>
        """

    /// The first chapter of a book holding `body`, and the script `ScriptBuilder` makes of it.
    static func builtScript(_ body: String, settings: ChapterSettings, folder: String) throws -> ChapterScript {
        let book = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(chapter1: body),
                                                to: URL(fileURLWithPath: folder + "/book.epub")).path
        let archive = try EPUBArchive(path: book)
        let chapter = try #require(ChapterReader(archive: archive).read().chapters.first)
        let builder = try ScriptBuilder(archive: archive, settings: settings, engine: try SpeechEngine.shared(), folder: folder,
                                        trackCount: 1)
        return try builder.script(for: chapter, track: 1, slice: nil)
    }

    @Test("a dialogue chapter's script from ScriptBuilder switches the voice per piece; the calls and word times follow it")
    func dialogueScript() throws {
        let folder = try TestPaths.temporaryFolder()
        var settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 700, voice: Self.narrator, format: .wav)
        settings.dialogueVoice = "en+f3"
        let script = try Self.builtScript(Self.dialogueChapter, settings: settings, folder: folder)
        let fake = FakeSynthesizer(sampleRate: script.sampleRate)
        let timing = try ChapterRenderer(synthesizer: fake, script: script)
            .render(into: MemoryAudioWriter(), audioFile: "x.wav") { _, _ in }
        let pieces = script.sentences.flatMap(\.pieces)
        #expect(fake.calls.map(\.voice) == pieces.map(\.voice))
        #expect(fake.calls.map(\.text) == pieces.map(\.text))
        let mixed = script.sentences.filter { Set($0.pieces.map(\.voice)).count > 1 }
        #expect(mixed.count == 2, "sentences with both voices: \(mixed.count)")
        #expect(Set(pieces.map(\.voice)) == [Self.narrator, "en+f3"])
        let (expected, _) = FakeScript.expected(script, leading: 0)
        let checked = FakeScript.check(timing, against: expected)
        #expect(checked * 10 >= script.wordCount * 9, "words with an event of their own: \(checked) of \(script.wordCount)")
    }

    // MARK: - Chunks

    @Test("an over-long sentence is spoken in chunks within the limit and stays one timed sentence with every word")
    func longSentenceInChunks() throws {
        let folder = try TestPaths.temporaryFolder()
        let nouns = ["tide", "rope", "gull", "mast", "keel", "sail", "reef", "buoy"]
        // About 5,700 UTF-16 units without a full stop: a list, as a poem or a legal text may have.
        let list = (0..<1000).map { nouns[$0 % nouns.count] + ($0 % 6 == 5 ? "," : "") }.joined(separator: " ")
        let settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 700, voice: Self.narrator, format: .wav)
        let script = try Self.builtScript("<h1>Cargo</h1><p>Short first.</p><p>\(list).</p>", settings: settings, folder: folder)
        let long = try #require(script.sentences.last)
        #expect(long.range.length > VoicePiece.chunkLimit)
        #expect(long.pieces.count >= 2, "chunks: \(long.pieces.count)")
        #expect(long.pieces.allSatisfy { $0.text.utf16.count <= VoicePiece.chunkLimit })
        #expect(long.pieces.map(\.words.count).reduce(0, +) == long.words.count)
        let fake = FakeSynthesizer(sampleRate: script.sampleRate)
        let timing = try ChapterRenderer(synthesizer: fake, script: script)
            .render(into: MemoryAudioWriter(), audioFile: "x.wav") { _, _ in }
        #expect(fake.calls.count == script.sentences.map(\.pieces.count).reduce(0, +))
        #expect(timing.sentences.count == script.sentences.count)
        let (expected, _) = FakeScript.expected(script, leading: 0)
        #expect(FakeScript.check(timing, against: expected) == script.wordCount)
        let words = try #require(timing.sentences.last?.words)
        #expect(words.count == 1000)
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.begin < $1.begin && $0.end <= $1.begin })
    }

    // MARK: - JobRunner: files

    @Test("JobRunner writes the WAV and its sidecar; the sidecar's times are the fake's, and the decoded audio is what was spoken")
    func jobRunnerWAV() throws {
        let folder = try TestPaths.temporaryFolder()
        let script = FakeScript.script(Self.plainSentences, pauses: [5512, 2205, 4410], folder: folder, format: .wav)
        var progress: [Int] = []
        let result = try JobRunner.run(script, synthesizer: FakeSynthesizer(), progress: { sentences, _ in progress.append(sentences) })
        #expect(result.audio == "001-one.wav" && result.timing == "001-one.timing.json" && result.slice == nil)
        #expect(result.sentences == 3 && result.words == script.wordCount)
        #expect(progress == [1, 2, 3])
        let sidecar = try JSONDecoder().decode(ChapterTiming.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/001-one.timing.json")))
        let (expected, total) = FakeScript.expected(script, leading: 0)
        #expect(FakeScript.check(sidecar, against: expected, rounded: true) == script.wordCount)
        #expect(sidecar.audio.duration.milliseconds == FakeScript.seconds(total).milliseconds)
        #expect(result.duration == FakeScript.seconds(total))
        // Lossless: the decoded file is, sample for sample, what the renderer writes into memory.
        let memory = MemoryAudioWriter()
        _ = try ChapterRenderer(synthesizer: FakeSynthesizer(), script: script).render(into: memory, audioFile: "x") { _, _ in }
        let decoded = try DecodedAudio(path: folder + "/001-one.wav")
        #expect(decoded.samples == memory.samples)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["001-one.timing.json", "001-one.wav"], "\(names)")
    }

    @Test("JobRunner's MP3 times count LAME's delay (none with an info tag, 1,105 samples without): each sentence starts in the decoded audio where the sidecar says",
          arguments: [64, 32])
    func jobRunnerMP3(bitrate: Int) throws {
        let folder = try TestPaths.temporaryFolder()
        var script = FakeScript.script(Self.plainSentences, pauses: [5512, 2205, 4410], folder: folder, format: .mp3)
        script.outputs.audio?.bitrate = bitrate
        _ = try JobRunner.run(script, synthesizer: FakeSynthesizer(), progress: { _, _ in })
        let sidecar = try JSONDecoder().decode(ChapterTiming.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/001-one.timing.json")))
        let leading = MP3Writer.leadingSamples(sampleRate: FakeScript.rate, bitrate: bitrate)
        #expect(leading == (bitrate == 64 ? 0 : 1105), "64 kbps holds the gapless info tag, 32 kbps does not")
        let (expected, _) = FakeScript.expected(script, leading: leading)
        #expect(FakeScript.check(sidecar, against: expected, rounded: true) == script.wordCount)
        let decoded = try DecodedAudio(path: folder + "/001-one.mp3")
        for (sentence, want) in zip(sidecar.sentences, expected) {
            // The first loud sample after the pause before the sentence.
            let search = (want.begin - 2000)..<min(decoded.samples.count, want.end)
            let onset = try #require(search.first { abs(Int(decoded.samples[$0])) > 2000 }, "no speech decoded near \(sentence.begin.value) s")
            let error = abs(Double(onset) / Double(FakeScript.rate) - sentence.begin.value)
            #expect(error <= 0.003, "sentence at \(sentence.begin.value) s is heard at \(Double(onset) / Double(FakeScript.rate)) s")
        }
        let probed = try DecodedAudio.probeDuration(folder + "/001-one.mp3")
        #expect(abs(probed - sidecar.audio.duration.value) <= 0.001, "ffprobe \(probed) s, sidecar \(sidecar.audio.duration.value) s")
    }

    @Test("a slice job writes only its temporary MP3 stream and reports its times in whole samples, for the parent to join")
    func segmentJob() throws {
        let folder = try TestPaths.temporaryFolder()
        var script = FakeScript.script(Self.plainSentences, pauses: [5512, 2205, 4410], folder: folder, format: .mp3)
        script.slice = ChapterScript.Slice(index: 1, count: 2)
        script.text = ""
        let result = try JobRunner.run(script, synthesizer: FakeSynthesizer(), progress: { _, _ in })
        let slice = try #require(result.slice)
        let stream = ".001-one.mp3.slice-1.partial-\(getpid())"
        #expect(slice.index == 1 && slice.count == 2 && slice.file == stream && slice.part == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [stream], "no sidecar, no final audio")
        let (expected, total) = FakeScript.expected(script, leading: MP3Writer.leadingSamples(sampleRate: FakeScript.rate, bitrate: 64))
        let times = expected.map { sentence -> [Int] in
            let begins = sentence.words.compactMap { $0 }
            return [sentence.begin, sentence.end] + zip(begins, begins.dropFirst() + [sentence.end]).flatMap { [$0, $1] }
        }
        #expect(slice.times == times)
        // A gapless decoder plays exactly what was written; the reported length is ffprobe's, in whole MP3 frames.
        let decoded = try DecodedAudio(path: folder + "/" + stream)
        #expect(decoded.samples.count == total)
        let probed = try DecodedAudio.probeDuration(folder + "/" + stream)
        #expect(slice.samples == Int((probed * Double(FakeScript.rate)).rounded()) && slice.samples % 576 == 0,
                "reported \(slice.samples), ffprobe \(probed) s")
    }

    // MARK: - Errors

    struct SynthesisFault: Error, Equatable {}

    @Test("a synthesizer that throws: JobRunner rethrows its kind, reason and cause, and leaves no audio and no sidecar")
    func failingSynthesizer() throws {
        let folder = try TestPaths.temporaryFolder()
        let script = FakeScript.script(Self.plainSentences, pauses: [100, 100, 100], folder: folder, format: .wav)
        let fault = RenderError(.speech, "eSpeak NG failed on a piece", cause: SynthesisFault())
        let fake = FakeSynthesizer(failure: (call: 1, error: fault))
        do {
            _ = try JobRunner.run(script, synthesizer: fake, progress: { _, _ in })
            Issue.record("the render succeeded")
        } catch let error as RenderError {
            #expect(error.kind == .speech)
            #expect(error.reason == fault.reason)
            #expect(error.cause as? SynthesisFault == SynthesisFault())
        }
        #expect(fake.calls.count == 2, "the render stops at the failing call")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing is left in the folder")
    }

    @Test("output failures come out of JobRunner by kind and file: a missing folder before any synthesis, a folder in the audio's place after it, with nothing left behind")
    func outputFailures() throws {
        let missing = try TestPaths.temporaryFolder() + "/absent"
        let fake = FakeSynthesizer()
        #expect { try JobRunner.run(FakeScript.script(Self.plainSentences, pauses: [0, 0, 0], folder: missing), synthesizer: fake,
                                    progress: { _, _ in }) } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.kind == .write && error.file?.hasPrefix(missing + "/") == true
        }
        #expect(fake.calls.isEmpty)
        let folder = try TestPaths.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/001-one.wav", withIntermediateDirectories: false)
        let spoken = FakeSynthesizer()
        #expect { try JobRunner.run(FakeScript.script(Self.plainSentences, pauses: [0, 0, 0], folder: folder), synthesizer: spoken,
                                    progress: { _, _ in }) } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.kind == .notAFile && error.file == folder + "/001-one.wav"
        }
        #expect(spoken.calls.count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["001-one.wav"], "no temporary audio, no sidecar")
    }

    @Test("a synthesizer at another sample rate, and a script asking for no audio, are refused by kind before anything is written")
    func refusedScripts() throws {
        let folder = try TestPaths.temporaryFolder()
        let script = FakeScript.script(Self.plainSentences, pauses: [100, 100, 100], folder: folder, format: .wav)
        let other = FakeSynthesizer(sampleRate: 16000)
        #expect { try JobRunner.run(script, synthesizer: other, progress: { _, _ in }) } throws: {
            ($0 as? RenderError)?.kind == .speech
        }
        #expect(other.calls.isEmpty)
        let silent = FakeScript.script(Self.plainSentences, pauses: [100, 100, 100], folder: folder, format: nil)
        #expect { try JobRunner.run(silent, synthesizer: FakeSynthesizer(), progress: { _, _ in }) } throws: {
            ($0 as? RenderError)?.kind == .worker
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
