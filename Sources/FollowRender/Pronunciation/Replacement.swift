/// A stretch of shown text spoken as something else: what the lexicons, the
/// SSML hints and the Japanese analyser each propose for the spoken form.
struct Replacement: Hashable, Sendable {
    /// UTF-16 range in the chapter's narration text.
    var shown: Range<Int>
    /// What eSpeak NG is given instead: text (sanitized by `SpeechText` as it
    /// is composed), or with `isPhonemes` eSpeak mnemonics.
    var spoken: String
    /// Kept apart from its neighbours by spaces, so eSpeak sees a word of its
    /// own (phoneme input, Japanese words).
    var padded: Bool
    /// `spoken` is phoneme mnemonics follow-render made, the only text sent
    /// between `[[` and `]]` (`SpeechText.phonemes`).
    var isPhonemes = false

    /// eSpeak phoneme input for `mnemonics`.
    static func phonemes(_ shown: Range<Int>, _ mnemonics: String) -> Replacement {
        Replacement(shown: shown, spoken: mnemonics, padded: true, isPhonemes: true)
    }

    /// The replacement for a lexicon entry matched at `shown`.
    static func entry(_ shown: Range<Int>, _ spoken: Lexicon.Spoken) -> Replacement {
        switch spoken {
        case let .alias(text): Replacement(shown: shown, spoken: text, padded: false)
        case let .phonemes(mnemonics): phonemes(shown, mnemonics)
        }
    }
}
