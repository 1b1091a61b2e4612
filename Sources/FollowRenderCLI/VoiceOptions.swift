import FollowRender

/// `--pitch`, `--intonation` and `--pauses`, shared by render, batch and preview:
/// how the voice chosen with `--voice` speaks.
struct VoiceOptions {
    static let help = """
          --pitch N         The voice's base pitch, 0-99 (default 50: the voice as it is).
          --intonation N    Its pitch range, 0-99: 0 is a monotone, 50 the default, 99 lively.
          --pauses LIST     Pauses in seconds at 1x (divided by the speed, as the speech):
                            sentence=0.3,line=0.4,paragraph=0.65,heading=0.9,chapter=0.25
                            (the defaults); name only those to change, e.g. chapter=2.
                            chapter is the pause at the start of each chapter: between
                            chapters the listener hears it plus the chapter's 0.25 s end.
        """

    var parameters = VoiceParameters()
    var pauses = PauseSettings.standard

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> VoiceOptions {
        var options = VoiceOptions()
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
    }
}
