/// Chooses the eSpeak NG voice for each language run, once per language.
///
/// A forced voice (`--voice NAME` or `NAME+VARIANT`) wins everywhere; a
/// variant alone (`--voice +f3`) is put on the voice chosen for each language.
/// A language with no voice of its own is read by a voice that reads its
/// script, when one does (Sanskrit and Pali in Devanagari by the Hindi voice,
/// `scriptChoices`), and otherwise falls back to the book's voice
/// (`unvoicedLanguages`); each choice is made once.
final class VoiceResolver {
    /// A language read by another language's voice because that voice reads its script.
    struct ScriptChoice: Hashable, Sendable {
        var language: String
        var script: Script
        var voice: String

        var note: String {
            "no eSpeak NG voice for '\(language)'; its \(script.name) text is read with the voice '\(voice)', which reads that script"
        }
    }

    private let engine: SpeechEngine
    private let forced: String?
    /// `+VARIANT` put on every voice chosen by language, or "".
    private let variant: String
    private let fallback: String
    private var cache: [String: String] = [:]
    /// Languages that had no voice of their own, in the order met.
    private(set) var unvoicedLanguages: [String] = []
    /// Languages read with a voice of another language that reads their script, in the order met.
    private(set) var scriptChoices: [ScriptChoice] = []
    /// Languages whose script no installed voice reads, in the order met.
    private(set) var unreadScripts: [(language: String, script: Script)] = []

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

    /// The voice for text in `language`; `script` gives the script the text
    /// is written in, asked only when the language has no voice of its own.
    func voice(for language: String, script: () -> Script = { .common }) -> String {
        if let forced { return forced }
        if let known = cache[language] { return known }
        let voice: String
        if let own = engine.voiceName(forLanguage: language) {
            voice = own + variant
        } else {
            let written = script()
            if let reader = Script.voiceLanguages[written]?.lazy.compactMap({ self.engine.voiceName(forLanguage: $0) }).first {
                scriptChoices.append(ScriptChoice(language: language, script: written, voice: reader + variant))
                voice = reader + variant
            } else {
                if written != .common { unreadScripts.append((language, written)) }
                unvoicedLanguages.append(language)
                voice = fallback
            }
        }
        cache[language] = voice
        return voice
    }
}
