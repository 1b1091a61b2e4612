import FollowRender
import Foundation

/// `follow-render preview BOOK --out sample.mp3`: hear the settings before a long render.
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Write (and --play) the first seconds of narration with a render's settings"
    static let help = """
        Usage: follow-render preview BOOK --out FILE [--chapter N] [--seconds S] [--play]
                                     [--rate PRESET | --wpm N] [--voice NAME[+VARIANT]]
                                     [--pitch N] [--intonation N] [--pauses LIST] [--bitrate KBPS]
                                     [--include-notes] [--matter all|body] [--strict]
                                     [input options] [--lexicon FILE]…

        Speaks the first seconds of a chapter of BOOK exactly as a render with the
        same options would (voice and variant, pitch, intonation, rate, pauses,
        lexicons and the book's own pronunciation hints) and writes them to FILE:
        .mp3, .wav, .flac or .ogg. Nothing else is written.

        Options:
          --out FILE        The sample to write (required); replaced if it exists.
          --chapter N       The spine position to preview (as in --chapters; default:
                            the first chapter of body matter long enough to fill the
                            time, else the longest, else the first narrated).
          --seconds S       How long, 1-600 seconds (default 30).
          --play            Then play it with the system's audio player, if one is
                            installed (\(SystemAudioPlayer.names.joined(separator: ", "))).
          --rate PRESET     Speed, as for render (default 1x); --wpm N for a raw rate.
          --voice NAME      As for render: NAME, NAME+VARIANT or +VARIANT.
        \(VoiceOptions.help)
          --bitrate KBPS    MP3 bitrate (default \(RenderSettings.defaultBitrate)).
          --strict          Fail on any fault in the book.
        \(BookReadingArguments.help(includeNotes: "Narrate footnote and endnote bodies too."))
        """

    struct Options {
        var preview: NarrationPreview
        var play: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let play = arguments.flag("--play")
        let strict = arguments.flag("--strict")
        let out = try arguments.option("--out")
        let chapter = try arguments.integer("--chapter", in: 1...1_000_000)
        let secondsText = try arguments.option("--seconds")
        let rate = try arguments.option("--rate")
        let wpm = try arguments.integer("--wpm", in: 80...1000)
        let voice = try arguments.option("--voice")
        let bitrate = try arguments.integer("--bitrate", in: 8...320) ?? RenderSettings.defaultBitrate
        let voiceOptions = try VoiceOptions.parse(&arguments)
        let reading = try BookReadingArguments.parse(&arguments)
        let path = try arguments.positionals("BOOK")[0]
        guard let out else { throw UsageError("--out FILE is required: the sample to write (.mp3, .wav, .flac or .ogg)") }
        guard NarrationPreview.format(of: out) != nil else {
            throw UsageError("--out takes a path ending in .mp3, .wav, .flac or .ogg, not '\(out)'")
        }
        var seconds = 30.0
        if let secondsText {
            let range = NarrationPreview.secondsRange
            guard let value = Double(secondsText), value.isFinite, range.contains(value) else {
                throw UsageError("--seconds takes a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not '\(secondsText)'")
            }
            seconds = value
        }
        if rate != nil, wpm != nil { throw UsageError("give --rate or --wpm, not both") }
        var settings = try RenderCommand.settings(rate: rate, wpm: wpm, voice: voice, format: .mp3, bitrate: bitrate,
                                                  includeNotes: reading.narration.includeNotes, input: reading.input)
        settings.lexicons = reading.lexicons
        voiceOptions.apply(to: &settings)
        var preview = NarrationPreview(bookPath: path, settings: settings, chapter: chapter, seconds: seconds, output: out,
                                       strict: strict)
        preview.matter = reading.narration.matter
        return Options(preview: preview, play: play)
    }

    static func run(_ options: Options) throws -> Int32 {
        let book = options.preview.bookPath
        let start = ContinuousClock.now
        let result = try options.preview.write { Console.warning(file: book, $0) }
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
