import FollowRender

/// How fast and with which voice to speak: `--rate`/`--wpm`, `--voice`,
/// `--bitrate` and the voice options, shared by render, batch and preview.
struct SpeechArguments {
    var rate: String?
    var wpm: Int?
    var voice: String?
    var bitrate: Int
    var voiceOptions: VoiceOptions

    /// The options read here, in the order their help shows them.
    static let options: [CLIOption] = [.rate, .wpm, .voice] + CLIOption.voiceOptions + [.bitrate]

    static func parse(_ arguments: inout Arguments) throws -> SpeechArguments {
        SpeechArguments(rate: try arguments.value(.rate), wpm: try arguments.integer(.wpm), voice: try arguments.value(.voice),
                        bitrate: try arguments.integer(.bitrate) ?? ChapterSettings.defaultBitrate,
                        voiceOptions: try VoiceOptions.parse(&arguments))
    }

    /// Refuses `--rate` with `--wpm`.
    func checkRate() throws(UsageError) {
        if rate != nil, wpm != nil { throw UsageError.exclusive(.rate, .wpm) }
    }

    /// The render settings these options ask for, with the voice options applied, and
    /// the book-reading options every command that speaks takes (render, batch,
    /// preview): notes, input options, lexicons and normalization.
    func settings(format: AudioFormat?, reading: BookReadingArguments) throws -> ChapterSettings {
        // A variant whose stress lengths do not scale with the rate has presets of its own (VariantSpeeds).
        let table = try SpeedTable.standard(forVoice: voice)
        let name = rate ?? "1x"
        guard let preset = wpm.map(table.preset(wpm:)) ?? table.preset(named: name) else {
            throw UsageError.invalid(.rate, name, expected: "a speed from 0.5x to 4x such as 1x, 1.5x or 2x")
        }
        var settings = ChapterSettings(rateName: preset.name, speed: preset.speed, wpm: preset.wpm, voice: voice,
                                       format: format, bitrate: bitrate, includeNotes: reading.narration.includeNotes,
                                       input: reading.input)
        voiceOptions.apply(to: &settings)
        settings.lexicons = reading.lexicons
        settings.normalize = reading.normalize
        return settings
    }
}
