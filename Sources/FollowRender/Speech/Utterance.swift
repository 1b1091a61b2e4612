/// The result of one synthesis call: mono 16-bit samples at the engine's
/// sample rate and eSpeak's word events for the text.
public struct Utterance: Sendable {
    public var samples: [Int16]
    /// Word events in the order eSpeak sent them; `sample` lies in `0...samples.count`.
    public var words: [WordEvent]

    public init(samples: [Int16], words: [WordEvent]) {
        self.samples = samples
        self.words = words
    }

    /// The samples between the first and last audible frames, leaving out
    /// leading and trailing silence (see `SilenceTrim`).
    public var voicedRange: Range<Int> { SilenceTrim.voicedRange(of: samples) }
}
