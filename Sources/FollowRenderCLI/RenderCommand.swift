import FollowRender
import Foundation

/// `follow-render BOOK`: narrate a book into audio files and timing sidecars.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Narrate BOOK into per-chapter audio and timing sidecars (the default command)"
    static let help = """
        Usage: follow-render [render] BOOK [--out DIR] [--rate PRESET | --wpm N] [--voice NAME[+VARIANT]]
                             [--pitch N] [--intonation N] [--pauses LIST]
                             [--format mp3|wav|flac|ogg|none] [--bitrate KBPS] [--chapters LIST]
                             [--jobs N] [--include-notes] [--matter all|body] [--force] [--strict]
                             [--sync vtt,srt,guided] [--web] [--quiet]
                             [--epub PATH [--granularity sentence|word]] [--audiobook PATH] [--library DIR]
                             [--tracks DIR [--tracks-depth N]]
                             [input options] [--lexicon FILE]… [--normalize auto|none]

        Narrates BOOK (an .epub file, an unpacked EPUB folder, or a plain-text,
        Markdown or PDF file, told apart by content) with eSpeak NG and
        writes, for each narrated spine item, NNN-slug.EXT and NNN-slug.timing.json
        (every sentence and word with its UTF-16 range and its time in the audio),
        plus book.json and book.m3u8.

        Options:
          --out DIR         Output folder (default: a folder named after the book file,
                            in the current directory).
          --rate PRESET     Speed: a preset such as 0.5x, 1x, 1.4x, 2x, 4x, or any value
                            in between such as 1.37x (default 1x). See 'follow-render presets'.
          --wpm N           eSpeak NG's raw words-per-minute instead of a preset (80-1000).
          --voice NAME      One eSpeak NG voice for everything (default: chosen by the
                            book's language, switched for passages in other languages).
                            NAME+VARIANT adds a variant (en+f3, en+m3, en+klatt, en+whisper);
                            +VARIANT alone puts it on the voice chosen for each language.
                            See 'follow-render voices' and 'follow-render voices --variants'.
        \(VoiceOptions.help)
          --format F        mp3 (default, LAME), wav, flac or ogg (libsndfile), or none:
                            no per-chapter audio, only the --audiobook or --library file
                            (the sidecars then time that file).
          --bitrate KBPS    MP3 bitrate (default \(RenderSettings.defaultBitrate)).
          --chapters LIST   Only these spine positions, e.g. 1,3-5.
          --jobs N          Worker processes (default: the number of cores; never more
                            than the cores or than available memory allows, with a note).
          --include-notes   Narrate footnote and endnote bodies too.
        \(Arguments.matterHelp)
          --force           Render every chapter again, even those an earlier run
                            finished with the same text and settings (a rerun
                            otherwise resumes, keeping them).
          --strict          Fail (exit 1) on any warning: a fault in the book or a
                            lexicon, text the voice cannot speak, or a chapter
                            that cannot be rendered.
          --sync LIST       Also write, beside each sidecar, NNN-slug.vtt (WebVTT, word
                            timestamps in the cues), NNN-slug.srt and/or
                            NNN-slug.guided.json (Readium Guided Navigation; with --epub
                    its textrefs point at the sentences' ids in that EPUB).
          --web             Also write the web player into the folder: index.html and
                            NNN-slug.html per chapter (see 'follow-render web --help').
          --epub PATH       Also write a copy of the book with the narration as EPUB 3
                            Media Overlays (read-aloud with highlighting in Thorium,
                            Apple Books …). Needs MP3. Without --out, the audio and
                            sidecars go to a temporary folder that is removed.
          --granularity G   What --epub highlights: sentence (default) or word.
          --audiobook PATH  Also write the whole book as one file with chapters:
                            .m4b or .m4a (AAC), .mp3 (one gapless MP3 with ID3
                            chapters) or .opus (Ogg Opus), and book.cue beside it.
          --library DIR     Also write DIR/<Author>/<Title>/ as Audiobookshelf expects
                            it: the audiobook (.m4b unless --audiobook names another
                            format), cover, desc.txt, reader.txt, metadata.json.
          --tracks DIR      Also write one MP3 per table-of-contents entry into DIR
                            (for car stereos and players that treat files as chapters),
                            cut in the pause before each entry without re-encoding,
                            numbered, tagged and listed in an .m3u8. Needs MP3 audio:
                            --format mp3 (the default) or --audiobook PATH.mp3.
          --tracks-depth N  Which entries get a track: 1, the top level (default),
                            to \(TracksStep.Request.maximumDepth); deeper entries play in their parent's track.
          --quiet           No progress and no summary.
        \(PronunciationOptions.help)
          -h, --help        Show this help.

        The book's own pronunciation hints are applied: PLS lexicons its documents
        link, and ssml:ph phonemes on elements. Japanese text is read from MeCab's
        readings. Numerals, money, abbreviations, years, dates, units and clock times
        are read as a narrator would (--normalize). One warning per language names
        text the voice cannot speak; a language with no voice is read by a voice of its script.

        Input options (BOOK a .txt, .md or .pdf file; --epub then builds a new EPUB 3):
        \(InputArguments.help)
        """

    struct Options {
        var job: RenderOptions
        var quiet: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let quiet = arguments.flag("--quiet")
        let force = arguments.flag("--force")
        let strict = arguments.flag("--strict")
        let includeNotes = arguments.flag("--include-notes")
        let matter = try arguments.matter()
        let out = try arguments.option("--out")
        let rate = try arguments.option("--rate")
        let wpm = try arguments.integer("--wpm", in: 80...1000)
        let voice = try arguments.option("--voice")
        let formatName = try arguments.option("--format") ?? "mp3"
        let bitrate = try arguments.integer("--bitrate", in: 8...320) ?? RenderSettings.defaultBitrate
        let selection = try arguments.option("--chapters")
        let jobs = try arguments.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let sync = try arguments.option("--sync").map { text throws(UsageError) -> [SyncFormat] in
            guard let formats = SyncFormat.list(text) else { throw UsageError("--sync takes a list of vtt, srt and guided, not '\(text)'") }
            return formats
        }
        let epub = try arguments.option("--epub")
        let web = arguments.flag("--web")
        let granularityName = try arguments.option("--granularity")
        let input = try InputArguments.parse(&arguments)
        let audiobook = try arguments.option("--audiobook")
        let library = try arguments.option("--library")
        let tracksFolder = try arguments.option("--tracks")
        let tracksDepth = try arguments.option("--tracks-depth")
        let lexicons = try PronunciationOptions.lexicons(&arguments)
        let normalize = try PronunciationOptions.normalize(&arguments)
        let voiceOptions = try VoiceOptions.parse(&arguments)
        let path = try arguments.positionals("BOOK")[0]

        let format = AudioFormat(rawValue: formatName)
        guard format != nil || formatName == "none" else {
            throw UsageError("--format takes mp3, wav, flac, ogg or none, not '\(formatName)'")
        }
        if format == nil, audiobook == nil, library == nil {
            throw UsageError("--format none writes no chapter audio: give --audiobook PATH or --library DIR for the one file")
        }
        if rate != nil, wpm != nil { throw UsageError("give --rate or --wpm, not both") }
        if web, epub != nil, out == nil { throw UsageError("--web with --epub needs --out (the folder is otherwise removed)") }
        let granularity = try granularity(granularityName, epub: epub, format: format)
        if let audiobook, AudiobookFormat(path: audiobook) == nil {
            throw UsageError("--audiobook takes a path ending in .m4b, .m4a, .mp3 or .opus, not '\(audiobook)'")
        }
        let single = audiobook != nil || library != nil ? AudiobookStep.Request(path: audiobook, library: library) : nil
        let tracks = try tracks(tracksFolder, depth: tracksDepth, format: format, formatName: formatName, audiobook: audiobook,
                                bitrate: bitrate)
        if web, single != nil, epub == nil, out == nil {
            throw UsageError("--web with --audiobook or --library needs --out (the folder is otherwise removed)")
        }
        var settings = try settings(rate: rate, wpm: wpm, voice: voice, format: format, bitrate: bitrate, includeNotes: includeNotes,
                                    input: input)
        settings.lexicons = lexicons
        settings.normalize = normalize
        voiceOptions.apply(to: &settings)
        let chosen = try selection.map { text throws(UsageError) -> ChapterSelection in
            guard let parsed = ChapterSelection(text) else { throw UsageError("--chapters takes a list such as 1,3-5, not '\(text)'") }
            return parsed
        }
        let folder: RenderOptions.Folder = out.map { .path($0) } ?? (epub != nil || single != nil ? .temporary : .namedAfterBook)
        let options = RenderOptions(bookPath: path, settings: settings, folder: folder, selection: chosen, jobs: jobs,
                                    force: force, strict: strict, sync: sync ?? [],
                                    epub: epub.map { RenderOptions.EPUB(path: $0, granularity: granularity) }, matter: matter,
                                    web: web, audiobook: single, tracks: tracks)
        return Options(job: options, quiet: quiet)
    }

    static func run(_ options: Options) throws -> Int32 {
        var options = options
        let (jobs, jobsNote) = JobsCap().cap(options.job.jobs)
        options.job.jobs = jobs
        if let jobsNote, !options.quiet { Console.error("follow-render: note: \(jobsNote)") }
        let printer = RenderPrinter(quiet: options.quiet, showsSummary: !options.job.isTemporary, book: options.job.bookPath)
        let summary: RenderSummary
        do {
            summary = try RenderJob(options: options.job).run(cancellation: printer.cancellation) { printer.handle($0) }
        } catch let interrupted as RenderInterrupted {
            printer.close()
            Console.error("follow-render: " + (options.job.isTemporary ? interrupted.discardedDescription : interrupted.description))
            return 128 + interrupted.signal
        } catch {
            printer.close()
            throw error
        }
        return summary.manifest.chapters.isEmpty ? 1 : 0
    }

    /// The `--tracks` request: a folder, a depth within the navigation's levels,
    /// and MP3 frames to cut (the chapters', or an `--audiobook PATH.mp3`'s parts).
    static func tracks(_ folder: String?, depth: String?, format: AudioFormat?, formatName: String,
                       audiobook: String?, bitrate: Int) throws(UsageError) -> TracksStep.Request? {
        guard let folder else {
            if depth != nil { throw UsageError("--tracks-depth needs --tracks") }
            return nil
        }
        let maximum = TracksStep.Request.maximumDepth
        let level = try depth.map { text throws(UsageError) -> Int in
            guard let value = Int(text), (1...maximum).contains(value) else {
                throw UsageError("--tracks-depth takes a table-of-contents level from 1 (the top) to \(maximum), not '\(text)'")
            }
            return value
        } ?? 1
        guard format == .mp3 || audiobook.map({ AudiobookFormat(path: $0) == .mp3 }) == true else {
            throw UsageError("--tracks cuts MP3 audio: it needs --format mp3 (the default) or --audiobook PATH.mp3, not --format \(formatName)")
        }
        guard bitrate >= TracksStep.Request.minimumBitrate else {
            throw UsageError("--tracks needs --bitrate \(TracksStep.Request.minimumBitrate) or more (room for the gapless info tag), not \(bitrate)")
        }
        return TracksStep.Request(folder: folder, depth: level)
    }

    /// The granularity named by `--granularity`, which only makes sense with `--epub` and MP3 audio.
    static func granularity(_ name: String?, epub: String?, format: AudioFormat?) throws(UsageError) -> OverlayGranularity {
        guard let epub else {
            if name != nil { throw UsageError("--granularity needs --epub") }
            return .sentence
        }
        guard let format else {
            throw UsageError("--epub needs MP3 chapter audio (EPUB 3 media overlays): --format none writes none; use --format mp3")
        }
        guard format == .mp3 else { throw UsageError("--epub needs MP3 audio (EPUB 3 media overlays), not --format \(format.rawValue)") }
        guard epub.lowercased().hasSuffix(".epub") else { throw UsageError("--epub takes a path ending in .epub, not '\(epub)'") }
        let name = name ?? OverlayGranularity.sentence.rawValue
        guard let granularity = OverlayGranularity(rawValue: name) else {
            throw UsageError("--granularity takes sentence or word, not '\(name)'")
        }
        return granularity
    }

    static func settings(rate: String?, wpm: Int?, voice: String?, format: AudioFormat?, bitrate: Int,
                                 includeNotes: Bool, input: InputOptions) throws -> RenderSettings {
        // A variant whose stress lengths do not scale with the rate has presets of its own (VariantSpeeds).
        let table = try SpeedTable.standard(forVoice: voice)
        if let wpm {
            let oneX = table.wpm(forSpeed: 1)
            return RenderSettings(rateName: "\(wpm)wpm", speed: Double(wpm) / Double(oneX), wpm: wpm, voice: voice,
                                  format: format, bitrate: bitrate, includeNotes: includeNotes, input: input)
        }
        let name = rate ?? "1x"
        guard let preset = table.preset(named: name) else {
            throw UsageError("--rate takes a speed from 0.5x to 4x such as 1x, 1.5x or 2x, not '\(name)'")
        }
        return RenderSettings(rateName: preset.name, speed: preset.speed, wpm: preset.wpm, voice: voice,
                              format: format, bitrate: bitrate, includeNotes: includeNotes, input: input)
    }
}
