/// Everything about a render that shapes its audio and timing, besides the book.
public struct ChapterSettings: Hashable, Sendable, Codable {
    /// The preset's name as shown to users, e.g. `2x`, or `175wpm` for a raw rate.
    public var rateName: String
    /// Nominal speed relative to 1x; pauses are divided by it.
    public var speed: Double
    /// eSpeak NG's words per minute.
    public var wpm: Int
    /// A voice for the whole book, overriding the choice by language: `NAME`,
    /// `NAME+VARIANT`, or `+VARIANT` (the voice chosen by language, with that variant).
    public var voice: String?
    /// The voice of quoted speech (`--dialogue-voice`): `NAME`, `NAME+VARIANT` or `+VARIANT`; nil: the narrator's.
    public var dialogueVoice: String?
    /// Characters' own voices for the quotations they speak (`--cast FILE`).
    public var cast: Cast?
    /// Pitch and intonation (`--pitch`, `--intonation`).
    public var voiceParameters = VoiceParameters()
    /// The pauses (`--pauses`), seconds at 1x.
    public var pauses = PauseSettings.standard
    /// The chapters' audio files; nil for none (`--format none`: the single-file
    /// audiobook of `--audiobook` or `--library` holds the only audio).
    public var format: AudioFormat?
    /// MP3 bitrate in kbps (ignored by other formats).
    public var bitrate: Int
    public var includeNotes: Bool
    /// How a text, Markdown or PDF book becomes an EPUB (workers rebuild it the same way).
    public var input: InputOptions
    /// User pronunciation lexicons (`--lexicon`, PLS or TSV files), absolute paths, in priority order.
    public var lexicons: [String]
    /// The normalization rules (`--normalize auto`, the default); off with `--normalize none`.
    public var normalize: Bool = true

    public init(rateName: String, speed: Double, wpm: Int, voice: String? = nil, format: AudioFormat? = .mp3,
                bitrate: Int = ChapterSettings.defaultBitrate, includeNotes: Bool = false,
                input: InputOptions = InputOptions(), lexicons: [String] = []) {
        self.rateName = rateName
        self.speed = speed
        self.wpm = wpm
        self.voice = voice
        self.format = format
        self.bitrate = bitrate
        self.includeNotes = includeNotes
        self.input = input
        self.lexicons = lexicons
    }

    /// 64 kbps CBR mono: clean for eSpeak's 22,050 Hz speech, and the lowest
    /// MPEG-2 rate whose first frame holds the gapless info tag.
    public static let defaultBitrate = MP3Writer.defaultBitrate

    public var narrationOptions: NarrationOptions { NarrationOptions(includeNotes: includeNotes) }
}
