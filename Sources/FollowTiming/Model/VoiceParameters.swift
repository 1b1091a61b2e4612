/// eSpeak NG's pitch and intonation for a voice (`--pitch`, `--intonation`):
/// its base pitch and its pitch range, each 0-99, relative to the voice's
/// own (50 is the voice as it is; a range of 0 is a monotone).
///
/// A value left nil is eSpeak's default, and is left out of the JSON, so that
/// a render without these options keeps the scripts, and so the chapter cache
/// keys, it had before they existed.
public struct VoiceParameters: Hashable, Sendable, Codable {
    /// The values allowed for both.
    public static let range = 0...99
    /// eSpeak NG's default for both.
    public static let standard = 50

    public var pitch: Int?
    public var intonation: Int?

    public init(pitch: Int? = nil, intonation: Int? = nil) {
        self.pitch = pitch
        self.intonation = intonation
    }

    /// Whether both are eSpeak's defaults.
    public var isStandard: Bool { (pitch ?? Self.standard) == Self.standard && (intonation ?? Self.standard) == Self.standard }

    /// How they are shown to people (`pitch 30, intonation 80`); nil for the defaults.
    public var summary: String? {
        guard !isStandard else { return nil }
        return "pitch \(pitch ?? Self.standard), intonation \(intonation ?? Self.standard)"
    }
}
