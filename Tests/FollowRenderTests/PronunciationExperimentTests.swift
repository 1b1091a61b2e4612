import Foundation
import Testing
@testable import FollowRender

@Suite("experiment")
struct PronunciationExperimentTests {
    @Test("georgia phonemes and clips")
    func georgia() throws {
        let archive = try EPUBArchive(path: TestPaths.book("georgia-pls-ssml.epub"))
        let item = try #require(archive.book.spine.first { $0.index == 2 })
        let chapter = try #require(try ChapterReader(archive: archive).chapter(item))
        let pronouncer = Pronouncer(archive: archive, lexiconPaths: []) { print("WARN \($0)") }
        let spoken = try pronouncer.spokenSentences(of: chapter)
        let engine = try SpeechEngine.shared()
        let voice = engine.voiceName(forLanguage: "en-US")!
        let units = Array(chapter.text.text.utf16)
        var seen = Set<String>()
        for sentence in spoken {
            let su = Array(sentence.text.utf16)
            for segment in sentence.segments where !segment.isCopy {
                let shown = String(decoding: units[segment.shown], as: UTF16.self)
                let said = String(decoding: su[segment.spoken], as: UTF16.self)
                guard seen.insert(shown + "|" + said).inserted else { continue }
                continue
                let a = try engine.phonemes(of: said, voice: voice, phonemeInput: true)
                let b = try engine.phonemes(of: shown, voice: voice)
                print("SEG \(shown) | \(said) | \(a) | \(b) | \(a == b ? "SAME" : "")")
            }
        }
        let speech = SpokenSpeech(engine: engine, voice: voice, wpm: 175)
        var ratios: [(String, Double)] = []
        for sentence in spoken.prefix(200) where sentence.isReplaced {
            let result = try speech.speak(sentence)
            for (index, word) in sentence.shownWords.enumerated() {
                guard let segment = sentence.segments.first(where: { !$0.isCopy && $0.shown.contains(word.location) }),
                      segment.shown.lowerBound == word.location, segment.shown.upperBound == word.end else { continue }
                let said = String(decoding: Array(sentence.text.utf16)[segment.spoken], as: UTF16.self)
                let alone = try engine.synthesize(said, voice: voice, wpm: 175, phonemeInput: true)
                let carrier = try engine.synthesize(said + " and", voice: voice, wpm: 175, phonemeInput: true)
                let cw = WordAligner.align(sentence: said + " and", words: [TextRange(location: 0, length: said.utf16.count), TextRange(location: said.utf16.count + 1, length: 3)], utterance: carrier)
                let cvoiced = SilenceTrim.voicedRange(of: Array(carrier.samples[cw[0]]))
                let span = result.words[index]
                let next = word.end < sentence.range.end ? String(decoding: units[word.end..<min(word.end + 2, sentence.range.end)], as: UTF16.self) : "END"
                let inner = SilenceTrim.voicedRange(of: Array(result.utterance.samples[span]))
                let final = next == "END" || next.first.map { ",.;:)".contains($0) } == true
                let ratio = Double(inner.count) / Double(final ? alone.voicedRange.count : cvoiced.count)
                let raw = Double(span.count) / Double(alone.voicedRange.count)
                ratios.append((said + " raw=" + String(format: "%.2f", raw) + " next=" + next.debugDescription, ratio))
            }
        }
        for (w, r) in ratios { print(String(format: "RATIO %.2f %@", r, w)) }
    }
}
