/// What a worker needs of a speech engine to render a chapter script: one
/// synthesis call at a time, mono 16-bit samples at `sampleRate` with word
/// events. `SpeechEngine` (eSpeak NG) is the one implementation; the boundary
/// is this narrow so that the render's own logic can be driven by another.
public protocol SpeechSynthesizer {
    /// Samples per second of every utterance.
    var sampleRate: Int { get }

    /// Speaks `text` with `voice` (`NAME` or `NAME+VARIANT`) at `wpm` words per
    /// minute with `parameters`' pitch and intonation; `phonemeInput` reads
    /// `[[…]]` as the engine's phoneme mnemonics.
    func synthesize(_ text: String, voice: String, wpm: Int, parameters: VoiceParameters,
                    phonemeInput: Bool) throws(RenderError) -> Utterance
}

extension SpeechEngine: SpeechSynthesizer {}
