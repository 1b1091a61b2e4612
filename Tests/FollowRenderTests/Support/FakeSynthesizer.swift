import Foundation
@testable import FollowRender

/// A deterministic stand-in for eSpeak NG, for tests of the render's own
/// logic (scripts, chunking, voice pieces, timing, writers, errors) in this
/// process: no eSpeak synthesis and no worker.
///
/// Every code point of the text given is ``unit`` samples of a tone (so the
/// encoders get a real signal and the voiced range is exact), after ``lead``
/// samples of silence and before ``tail``; each run of non-space code points
/// gets one word event at its first code point, 1-based as eSpeak gives it.
/// Each call is recorded; a ``failure`` makes one call throw.
final class FakeSynthesizer: SpeechSynthesizer {
    /// One synthesis call as the renderer made it.
    struct Call: Equatable {
        var text: String
        var voice: String
        var wpm: Int
        var phonemes: Bool
    }

    /// Samples per code point: one `SilenceTrim` frame, so voiced ranges fall on code point edges.
    static let unit = SilenceTrim.frameLength
    /// Silent samples before the speech (trimmed by the renderer).
    static let lead = 3 * unit
    /// Silent samples after the speech (trimmed by the renderer).
    static let tail = 4 * unit

    let sampleRate: Int
    /// The error thrown by the call with this 0-based number, and by no other.
    var failure: (call: Int, error: RenderError)?
    private(set) var calls: [Call] = []

    init(sampleRate: Int = 22050, failure: (call: Int, error: RenderError)? = nil) {
        self.sampleRate = sampleRate
        self.failure = failure
    }

    func synthesize(_ text: String, voice: String, wpm: Int, parameters: VoiceParameters,
                    phonemeInput: Bool) throws(RenderError) -> Utterance {
        calls.append(Call(text: text, voice: voice, wpm: wpm, phonemes: phonemeInput))
        if let failure, failure.call == calls.count - 1 { throw failure.error }
        let count = text.unicodeScalars.count
        var samples = [Int16](repeating: 0, count: Self.lead + count * Self.unit + Self.tail)
        for index in 0..<(count * Self.unit) {
            samples[Self.lead + index] = Int16((6000 * sin(2 * Double.pi * 440 * Double(index) / Double(sampleRate))).rounded())
        }
        let words = Self.runs(in: text).map { run in
            WordEvent(sample: Self.lead + run.lowerBound * Self.unit, textPosition: run.lowerBound + 1, length: run.count)
        }
        return Utterance(samples: samples, words: words)
    }

    /// The runs of non-space code points of `text`, as 0-based code-point ranges: the words the fake reports.
    static func runs(in text: String) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if scalar.properties.isWhitespace {
                if let begin = start { runs.append(begin..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begin = start { runs.append(begin..<text.unicodeScalars.count) }
        return runs
    }
}
