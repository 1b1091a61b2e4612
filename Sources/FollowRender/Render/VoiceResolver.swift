/// Chooses the eSpeak NG voice for each language run, once per language.
///
/// A forced voice (`--voice NAME` or `NAME+VARIANT`) wins everywhere; a
/// variant alone (`--voice +f3`) is put on the voice chosen for each language;
/// a language with no voice of its own falls back to the book's voice, and the
/// fallback is reported once.
final class VoiceResolver {
    private let engine: SpeechEngine
    private let forced: String?
    /// `+VARIANT` put on every voice chosen by language, or "".
    private let variant: String
    private let fallback: String
    private var cache: [String: String] = [:]
    /// Languages that had no voice of their own, in the order met.
    private(set) var unvoicedLanguages: [String] = []

    init(engine: SpeechEngine, forced: String?, bookLanguage: String) throws(RenderError) {
        self.engine = engine
        let variantOnly = forced?.hasPrefix("+") == true
        self.forced = variantOnly ? nil : forced
        variant = variantOnly ? forced ?? "" : ""
        if let forced, !variantOnly {
            try engine.checkVoice(forced)
            fallback = forced
        } else if let voice = engine.voiceName(forLanguage: bookLanguage) ?? engine.voiceName(forLanguage: "en") {
            fallback = voice + variant
            try engine.checkVoice(fallback)
        } else {
            throw RenderError(.speech, "no eSpeak NG voice for the book's language '\(bookLanguage)' or for English")
        }
    }

    /// The voice the whole book is read with unless a run says otherwise.
    var bookVoice: String { fallback }

    func voice(for language: String) -> String {
        if let forced { return forced }
        if let known = cache[language] { return known }
        let own = engine.voiceName(forLanguage: language)
        if own == nil { unvoicedLanguages.append(language) }
        let voice = own.map { $0 + variant } ?? fallback
        cache[language] = voice
        return voice
    }
}
