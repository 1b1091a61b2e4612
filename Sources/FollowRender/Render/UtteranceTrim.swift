/// The voiced part of an utterance: eSpeak NG pads its audio with silence,
/// which the renderer replaces with pauses of its own, so that a sentence's
/// clip starts at its speech onset and pauses have the lengths we choose.
struct UtteranceTrim {
    /// Samples quieter than this (of 32,767) count as silence.
    static let threshold = 200
    /// Kept around the voiced part so soft consonants are not clipped.
    static let marginSamples = 88

    /// The range of `samples` to keep; empty when nothing is voiced.
    static func voicedRange(of samples: [Int16]) -> Range<Int> {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > threshold }),
              let last = samples.lastIndex(where: { abs(Int($0)) > threshold }) else {
            return 0..<0
        }
        return max(0, first - marginSamples)..<min(samples.count, last + 1 + marginSamples)
    }
}
