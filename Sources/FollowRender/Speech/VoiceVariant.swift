/// An installed eSpeak NG voice variant (`espeak-ng-data/voices/!v`): a
/// change of pitch, formants, breath or synthesizer applied on top of a
/// voice, asked for as `NAME+VARIANT` (`en+f3`, `fr+klatt`, `+whisper`).
public struct VoiceVariant: Hashable, Sendable, Codable {
    /// The variant's file name, what follows the `+`: `f3`, `klatt`, `whisper`.
    public var file: String
    /// The name its file declares, e.g. `female3`.
    public var name: String
    public var gender: Voice.Gender

    public init(file: String, name: String, gender: Voice.Gender) {
        self.file = file
        self.name = name
        self.gender = gender
    }
}
