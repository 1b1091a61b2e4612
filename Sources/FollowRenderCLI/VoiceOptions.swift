import FollowRender

/// `--pitch`, `--intonation`, `--pauses`, `--dialogue-voice` and `--cast`, shared
/// by render, batch and preview: how the voice chosen with `--voice` speaks, and who speaks quotations.
struct VoiceOptions {
    static let help = """
          --pitch N         The voice's base pitch, 0-99 (default 50: the voice as it is).
          --intonation N    Its pitch range, 0-99: 0 is a monotone, 50 the default, 99 lively.
          --pauses LIST     Pauses in seconds at 1x (divided by the speed, as the speech):
                            sentence=0.3,line=0.4,paragraph=0.65,heading=0.9,chapter=0.25
                            (the defaults); name only those to change, e.g. chapter=2.
                            chapter is the pause at the start of each chapter: between
                            chapters the listener hears it plus the chapter's 0.25 s end.
          --dialogue-voice VOICE
                            Speak quoted speech (“…”, «…», „…“, 「…」, <q>) with this voice
                            (NAME, NAME+VARIANT or +VARIANT); the words around it stay
                            the narrator's.
          --cast FILE       Characters' own voices: a UTF-8 TSV file of NAME<TAB>VOICE
                            lines (start one with 'follow-render cast BOOK'). A quotation
                            whose speaker is found ("said Alice") and named there takes
                            that voice; any other the dialogue voice.
        """

    var parameters = VoiceParameters()
    var pauses = PauseSettings.standard
    var dialogueVoice: String?
    var cast: Cast?

    static func parse(_ arguments: inout Arguments) throws -> VoiceOptions {
        var options = VoiceOptions()
        options.dialogueVoice = try arguments.option("--dialogue-voice")
        if let path = try arguments.option("--cast") {
            options.cast = try Cast.read(path: path) { Console.warning(file: path, $0.description) }
        }
        options.parameters.pitch = try arguments.integer("--pitch", in: VoiceParameters.range)
        options.parameters.intonation = try arguments.integer("--intonation", in: VoiceParameters.range)
        if let text = try arguments.option("--pauses") {
            do {
                options.pauses = try PauseSettings.parse(text)
            } catch {
                throw UsageError(error.description)
            }
        }
        return options
    }

    func apply(to settings: inout RenderSettings) {
        settings.voiceParameters = parameters
        settings.pauses = pauses
        settings.dialogueVoice = dialogueVoice
        settings.cast = cast
    }
}
