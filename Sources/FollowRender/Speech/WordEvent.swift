/// eSpeak NG's report that a word starts, as it gives it.
///
/// Positions count Unicode code points (not UTF-8 bytes, not UTF-16 units) in
/// the exact string given to eSpeak, and are **1-based**: the first character
/// is position 1. eSpeak's events are approximate: missing for some words,
/// repeated for numbers read as several words, all on the first character for
/// Japanese, and slightly out of order after some punctuation. (eSpeak's own
/// libsonic route above 450 wpm jitters them too; `SpeechEngine` does not use
/// it, it moves the events of its fastest native rate into its own libsonic
/// output, see `SonicStream`.) eSpeak's spurious position-0 events are dropped.
/// `WordAligner` turns them into reliable word times.
public struct WordEvent: Hashable, Sendable {
    /// Start of the word, in samples from the start of the utterance.
    public var sample: Int
    /// 1-based code-point position of the word's first character.
    public var textPosition: Int
    /// Length of the word in code points, as eSpeak counts it.
    public var length: Int

    public init(sample: Int, textPosition: Int, length: Int) {
        self.sample = sample
        self.textPosition = textPosition
        self.length = length
    }
}
