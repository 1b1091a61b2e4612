import FollowRender
import Foundation

/// `follow-render preview BOOK --out sample.mp3`: hear the settings before a long render.
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Write (and --play) the first seconds of narration with a render's settings"
    static let page = HelpPage(
        usage: ["follow-render preview BOOK --out FILE [--chapter N] [--seconds S] [--play] [--rate PRESET | --wpm N] "
                    + "[--voice NAME[+VARIANT]] [--pitch N] [--intonation N] [--pauses LIST] [--dialogue-voice VOICE] "
                    + "[--cast FILE] [--bitrate KBPS] [--include-notes] [--matter all|body] [--strict] [input options] "
                    + "[--lexicon FILE]… [--normalize auto|none]"],
        about: """
            Speaks the first seconds of a chapter of BOOK exactly as a render with the
            same options would (voice and variant, pitch, intonation, rate, pauses,
            lexicons and the book's own pronunciation hints) and writes them to FILE:
            .mp3, .wav, .flac or .ogg. Nothing else is written.
            """,
        sections: [
            .init("Options", [
                .sample,
                CLIOption.chapter.helping("The spine position to preview (as in --chapters; default: the first chapter of "
                                              + "body matter long enough to fill the time, else the longest, else the first "
                                              + "narrated)."),
                .seconds, .play,
                CLIOption.rate.helping("Speed, as for render; --wpm N for a raw rate."), .wpm,
                CLIOption.voice.helping("As for render: NAME, NAME+VARIANT or +VARIANT."),
            ] + CLIOption.voiceOptions + [.bitrate, CLIOption.strict.helping("Fail on any fault in the book.")]
                + BookReadingArguments.options(includeNotes: CLIOption.includeNotes.help)),
            BookReadingArguments.inputSection,
        ]
    )

    struct Options {
        var preview: NarrationPreview
        var play: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let play = arguments.flag(.play)
        let strict = arguments.flag(.strict)
        let out = try arguments.value(.sample)
        let chapter = try arguments.integer(.chapter)
        let secondsText = try arguments.value(.seconds)
        let speech = try SpeechArguments.parse(&arguments)
        let reading = try BookReadingArguments.parse(&arguments)
        let path = try arguments.positionals("BOOK")[0]
        guard let out else { throw UsageError("\(CLIOption.sample.signature) is required: the sample to write (.mp3, .wav, .flac or .ogg)") }
        guard NarrationPreview.format(of: out) != nil else {
            throw UsageError.invalid(.sample, out, expected: "a path ending in .mp3, .wav, .flac or .ogg")
        }
        var seconds = 30.0
        if let secondsText {
            let range = NarrationPreview.secondsRange
            guard let value = Double(secondsText), value.isFinite, range.contains(value) else {
                throw UsageError.invalid(.seconds, secondsText, expected: "a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
            }
            seconds = value
        }
        try speech.checkRate()
        let settings = try speech.settings(format: .mp3, reading: reading)
        var preview = NarrationPreview(bookPath: path, settings: settings, chapter: chapter, seconds: seconds, output: out,
                                       strict: strict)
        preview.matter = reading.narration.matter
        return Options(preview: preview, play: play)
    }

    static func run(_ options: Options) throws -> Int32 {
        let book = options.preview.bookPath
        let start = ContinuousClock.now
        let result = try options.preview.write { Console.warning(file: book, $0.text) }
        let elapsed = ContinuousClock.now - start
        let took = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        Console.error(String(format: "follow-render: wrote %@: %.1f s of chapter %d (%@), voice %@, in %.2f s",
                             result.output, result.duration.value, result.chapterIndex, result.chapterTitle, result.voice, took))
        guard options.play else { return 0 }
        guard let format = NarrationPreview.format(of: result.output),
              let player = SystemAudioPlayer.find(for: result.output, format: format) else {
            Console.error("follow-render: note: no audio player found (\(SystemAudioPlayer.names.joined(separator: ", "))); "
                          + "the preview is in \(result.output)")
            return 0
        }
        let status = try player.play()
        if status != 0 { Console.error("follow-render: note: \(player.executable) exited with status \(status)") }
        return 0
    }
}
