import Foundation
import Testing
@testable import FollowRender

/// What eSpeak NG says for the normalized spoken form is what it says for a
/// narrator's expansion written by hand: `espeak_TextToPhonemes` of both, with
/// the language's voice, for our own sentences in English, French, German and
/// Spanish (`Fixtures/normalization/*.tsv`).
@Suite("Normalization heard by eSpeak NG")
struct NormalizationPhonemeTests {
    struct Example: Sendable {
        var language: String
        var shown: String
        var expansion: String
    }

    static func examples() throws -> [Example] {
        let folder = TestPaths.fixtures.appendingPathComponent("normalization")
        var examples: [Example] = []
        for name in ["en", "fr", "de", "es"] {
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).tsv"), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 3 else { continue }
                examples.append(Example(language: fields[0], shown: fields[1], expansion: fields[2]))
            }
        }
        return examples
    }

    @Test("the normalized spoken form of at least 150 sentences sounds as their hand-written expansion, and never says \"Roman\"")
    func phonemesMatchTheExpansion() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 150)
        #expect(Set(examples.map(\.language)) == ["en", "fr", "de", "es"])
        let engine = try SpeechEngine.shared()
        let normalizer = Normalizer()
        var changed = 0
        var mismatches: [String] = []
        for example in examples {
            let voice = try #require(engine.voiceName(forLanguage: example.language))
            let spoken = normalizer.spoken(example.shown, language: example.language)
            let heard = try engine.phonemes(of: spoken, voice: voice)
            let expected = try engine.phonemes(of: example.expansion, voice: voice)
            if heard != expected { mismatches.append("[\(example.language)] \(example.shown) → \(spoken)\n  \(heard)\n  \(expected)") }
            if try engine.phonemes(of: example.shown, voice: voice) != expected { changed += 1 }
        }
        print("normalization phonemes: \(examples.count) sentences, \(changed) read differently without the rules")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(examples.count):\n\(mismatches.joined(separator: "\n"))")
        // Without the rules eSpeak NG reads most of these differently from a narrator.
        #expect(changed * 2 > examples.count, "\(changed) of \(examples.count) read differently without normalization")
        let roman = try engine.phonemes(of: "Roman", voice: try #require(engine.voiceName(forLanguage: "en")))
        for example in examples where example.language == "en" {
            let voice = try #require(engine.voiceName(forLanguage: "en"))
            #expect(!(try engine.phonemes(of: normalizer.spoken(example.shown, language: "en"), voice: voice)).contains(roman))
        }
    }
}
