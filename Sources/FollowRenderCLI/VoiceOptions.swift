import FollowRender

/// `--pitch`, `--intonation`, `--pauses`, `--dialogue-voice` and `--cast`, shared
/// by render, batch and preview: how the voice chosen with `--voice` speaks, and who speaks quotations.
struct VoiceOptions {
    var parameters = VoiceParameters()
    var pauses = PauseSettings.standard
    var dialogueVoice: String?
    var cast: Cast?

    static func parse(_ arguments: inout Arguments) throws -> VoiceOptions {
        var options = VoiceOptions()
        options.dialogueVoice = try arguments.value(.dialogueVoice)
        if let path = try arguments.value(.cast) {
            options.cast = try Cast.read(path: path) { Console.warning(RenderWarning($0, file: path)) }
        }
        options.parameters.pitch = try arguments.integer(.pitch)
        options.parameters.intonation = try arguments.integer(.intonation)
        if let text = try arguments.value(.pauses) {
            do {
                options.pauses = try PauseSettings.parse(text)
            } catch {
                throw UsageError(error.description, cause: error)
            }
        }
        return options
    }

    func apply(to settings: inout ChapterSettings) {
        settings.voiceParameters = parameters
        settings.pauses = pauses
        settings.dialogueVoice = dialogueVoice
        settings.cast = cast
    }
}
