import Foundation
import Testing
@testable import FollowRender

@Suite("eSpeak NG speech", .serialized)
struct SpeechTests {
    let engine: SpeechEngine
    let english: String

    init() throws {
        engine = try SpeechEngine.shared()
        english = try #require(engine.voiceName(forLanguage: "en"))
    }

    private func seconds(_ samples: Int) -> Double { Double(samples) / Double(engine.sampleRate) }

    @Test("synthesizes real audio of plausible length with word events")
    func synthesizesAudio() throws {
        let text = "The quick brown fox jumps over the lazy dog, twice."
        let utterance = try engine.synthesize(text, voice: english, wpm: 175)
        #expect(engine.sampleRate == 22050)
        #expect(engine.version.hasPrefix("1."))
        // Nine words at 175 wpm: around three seconds of speech.
        #expect((1.5...5).contains(seconds(utterance.samples.count)))
        let voiced = utterance.voicedRange
        #expect(Double(voiced.count) > 0.9 * Double(utterance.samples.count))
        let peak = utterance.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 5000)
        #expect(utterance.words.count >= 9)
        let positions = utterance.words.map(\.textPosition)
        #expect(positions.first == 1)
        #expect(positions.allSatisfy { (1...text.unicodeScalars.count).contains($0) })
        #expect(utterance.words.allSatisfy { (0...utterance.samples.count).contains($0.sample) })
        #expect(utterance.words.map(\.sample) == utterance.words.map(\.sample).sorted())
    }

    /// eSpeak NG keeps pitch-flutter state from call to call (a static inside
    /// its wave generator), so a repeat is not sample-identical, only within a
    /// few percent;
    /// the same sequence of calls in a fresh process is.
    @Test("same text, voice and rate give nearly the same audio and the same words")
    func repeatable() throws {
        let first = try engine.synthesize("Reproducible output matters.", voice: english, wpm: 175)
        let second = try engine.synthesize("Reproducible output matters.", voice: english, wpm: 175)
        #expect(abs(first.voicedRange.count - second.voicedRange.count) < first.voicedRange.count / 20)
        #expect(first.words.map(\.textPosition) == second.words.map(\.textPosition))
    }

    @Test("concurrent callers are serialized: each gets its own text's audio")
    func concurrentCallers() async throws {
        let engine = self.engine
        let voice = english
        let texts = ["One sentence here.", "Another one, a bit longer than the first.", "A third."]
        let alone = try texts.map { try engine.synthesize($0, voice: voice, wpm: 175) }
        let together = try await withThrowingTaskGroup(of: (Int, Utterance).self) { group in
            for _ in 0..<3 {
                for (index, text) in texts.enumerated() {
                    group.addTask { (index, try engine.synthesize(text, voice: voice, wpm: 175)) }
                }
            }
            return try await group.reduce(into: [(Int, Utterance)]()) { $0.append($1) }
        }
        #expect(together.count == 9)
        for (index, utterance) in together {
            let expected = alone[index]
            // eSpeak durations vary by a few percent with what it said before,
            // and trailing silence more (other suites may use other voices meanwhile).
            let voiced = utterance.voicedRange.count
            #expect(abs(voiced - expected.voicedRange.count) < expected.voicedRange.count / 20, "text \(index)")
            #expect(utterance.words.map(\.textPosition) == expected.words.map(\.textPosition), "text \(index)")
        }
    }

    @Test("markup is read as text, never as SSML")
    func noSSML() throws {
        let utterance = try engine.synthesize("Wait <break time=\"5s\"/> now, if a < b & c > d.", voice: english, wpm: 175)
        #expect(utterance.samples.count > 0)
        // As SSML the break alone would last five seconds.
        #expect(seconds(utterance.samples.count) < 5)
    }

    @Test("picks a voice for each language tag", arguments: [
        ("en", "en"), ("en-GB", "en-gb"), ("en-US", "en-us"), ("ja", "ja"), ("ar", "ar"),
        ("fr", "fr"), ("fr-CA", "fr"), ("zh-Hant-TW", "cmn"), ("de_DE", "de"),
    ])
    func voiceForLanguage(tag: String, language: String) throws {
        let name = try #require(engine.voiceName(forLanguage: tag))
        let voice = try #require(engine.voices().first { $0.name == name })
        #expect(voice.languages.contains(language), "\(tag) gave \(voice.name) \(voice.languages)")
        let utterance = try engine.synthesize("1 2 3", voice: name, wpm: 175)
        #expect(utterance.voicedRange.count > engine.sampleRate / 4)
    }

    @Test("has no voice for an unknown language")
    func noVoiceForUnknownLanguage() {
        #expect(engine.voiceName(forLanguage: "xx") == nil)
        #expect(engine.voiceName(forLanguage: "") == nil)
        #expect(engine.voices(language: "xx").isEmpty)
    }

    @Test("lists installed voices with their languages")
    func listsVoices() {
        let all = engine.voices()
        #expect(all.count > 50)
        #expect(all.contains { $0.identifier == "gmw/en-US" && $0.languages.first == "en-us" })
        let english = engine.voices(language: "en")
        #expect(english.count >= 5)
        #expect(english.allSatisfy { $0.languages.contains { $0 == "en" || $0.hasPrefix("en-") } })
        #expect(engine.voices(language: "fr-CA").contains { $0.identifier == "roa/fr" })
    }

    @Test("accepts a voice by name, identifier or language, and rejects unknown voices")
    func voiceNames() throws {
        for name in ["English (America)", "gmw/en-US", "en-us", "EN-US"] {
            #expect(try engine.synthesize("Hi.", voice: name, wpm: 175).samples.count > 0)
        }
        let missing = #expect(throws: RenderError.self) {
            try engine.synthesize("Hi.", voice: "xx", wpm: 175)
        }
        #expect(missing?.kind == .speech)
        #expect(missing?.description == "eSpeak NG voice 'xx' is not installed (see \(CommandReference.voices))")
        let slow = #expect(throws: RenderError.self) { try engine.synthesize("Hi.", voice: english, wpm: 20) }
        #expect(slow?.kind == .speech)
    }

    @Test("names the missing data folder")
    func missingDataFolder() throws {
        let error = #expect(throws: RenderError.self) {
            try SpeechEngine.dataFolder(environment: ["ESPEAK_DATA_PATH": "/nonexistent"])
        }
        #expect(error?.kind == .speech)
        #expect(error?.description == "eSpeak NG data folder not found at /nonexistent/espeak-ng-data (from ESPEAK_DATA_PATH)")
        #expect(try SpeechEngine.dataFolder(environment: [:]) == nil)
        let data = try #require(try SpeechEngine.dataFolder(environment: ["ESPEAK_DATA_PATH": engine.dataFolder]))
        #expect(data == engine.dataFolder)
    }

    @Test("speed table has the named presets from 0.5x to 4x")
    func presetsTable() throws {
        let table = try SpeedTable.standard()
        #expect(table.presets.map(\.name) == ["0.5x", "0.6x", "0.7x", "0.85x", "1x", "1.2x", "1.4x", "1.7x",
                                              "2x", "2.4x", "2.8x", "3.4x", "4x"])
        #expect(table.presets.map(\.speed) == SpeedTable.presetSpeeds)
        #expect(table.preset(named: "1x")?.wpm == 175)
        #expect(table.preset(named: "2x") == table.presets[8])
        #expect(table.preset(named: "2") == table.presets[8])
        let between = try #require(table.preset(named: "1.37x"))
        #expect(between.name == "1.37x")
        #expect(between.speed == 1.37)
        #expect(((table.preset(named: "1.2x")!.wpm + 1)..<table.preset(named: "1.4x")!.wpm).contains(between.wpm))
        #expect(table.preset(named: "4.5x") == nil)
        #expect(table.preset(named: "0.4x") == nil)
        #expect(table.preset(named: "fast") == nil)
        let rates = stride(from: 0.5, through: 4, by: 0.01).map { table.wpm(forSpeed: $0) }
        #expect(rates == rates.sorted())
    }

    @Test("a raw --wpm rate is a preset named after it, its speed relative to the table's 1x")
    func wordsPerMinutePreset() throws {
        let table = try SpeedTable.standard()
        let oneX = try #require(table.preset(named: "1x")).wpm
        #expect(table.preset(wpm: 350) == SpeedPreset(name: "350wpm", speed: 350 / Double(oneX), wpm: 350))
        #expect(table.preset(wpm: oneX).speed == 1)
    }

    /// Above eSpeak's fastest native rate the engine speaks at that rate and
    /// libsonic shortens the audio by `wpm / 449`: twice 449 wpm takes half
    /// as long, and the words keep their order and their share of the audio.
    @Test("above 449 wpm speech is the native 449 wpm sped up by libsonic, words in order")
    func sonicRoute() throws {
        let passage = try SpeedTable.referencePassage()
        let native = try engine.synthesize(passage, voice: english, wpm: SpeechEngine.nativeMaximumWPM)
        let double = try engine.synthesize(passage, voice: english, wpm: 2 * SpeechEngine.nativeMaximumWPM)
        let ratio = Double(native.samples.count) / Double(double.samples.count)
        #expect(abs(ratio - 2) < 0.02, "\(ratio)")
        #expect(double.words.map(\.textPosition) == native.words.map(\.textPosition))
        let samples = double.words.map(\.sample)
        #expect(samples == samples.sorted())
        #expect(samples.allSatisfy { (0...double.samples.count).contains($0) })
        for (fast, slow) in zip(double.words, native.words) {
            let share = Double(fast.sample) / Double(double.samples.count) - Double(slow.sample) / Double(native.samples.count)
            #expect(abs(share) < 0.005, "word at \(fast.textPosition) moved by \(share) of the audio")
        }
        let peak = double.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 5000)
    }

    @Test("every preset takes 1/speed of the 1x duration, within 3%")
    func presetRatios() throws {
        let table = try SpeedTable.standard()
        var calibrator = SpeedCalibrator(engine: engine, voice: english, passage: try SpeedTable.referencePassage())
        let normal = try #require(table.preset(named: "1x"))
        let base = try calibrator.duration(wpm: normal.wpm)
        // The passage is a paragraph: about 25 seconds at 1x.
        #expect((15...40).contains(seconds(base)))
        let presets = table.presets + [table.preset(named: "1.37x")!, table.preset(named: "3.1x")!]
        for preset in presets {
            let ratio = Double(base) / Double(try calibrator.duration(wpm: preset.wpm))
            #expect(abs(ratio / preset.speed - 1) <= 0.03, "\(preset.name) at \(preset.wpm) wpm measured \(ratio)x")
        }
    }
}
