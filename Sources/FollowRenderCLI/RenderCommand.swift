import FollowRender
import Foundation

/// `follow-render BOOK`: narrate a book into audio files and timing sidecars.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Narrate BOOK into per-chapter audio and timing sidecars (the default command)"
    static let page = HelpPage(
        usage: ["follow-render [render] BOOK [--out DIR] [--rate PRESET | --wpm N] [--voice NAME[+VARIANT]] [--pitch N] "
                    + "[--intonation N] [--pauses LIST] [--dialogue-voice VOICE] [--cast FILE] "
                    + "[--format mp3|wav|flac|ogg|none] [--bitrate KBPS] [--chapters LIST] [--jobs N] [--include-notes] "
                    + "[--matter all|body] [--force] [--strict] [--sync vtt,srt,guided] [--web] [--quiet] "
                    + "[--epub PATH [--granularity sentence|word]] [--audiobook PATH] [--library DIR] "
                    + "[--tracks DIR [--tracks-depth N]] [input options] [--lexicon FILE]… [--normalize auto|none]"],
        about: """
            Narrates BOOK (an .epub file, an unpacked EPUB folder, or a plain-text,
            Markdown or PDF file, told apart by content) with eSpeak NG and
            writes, for each narrated spine item, NNN-slug.EXT and NNN-slug.timing.json
            (every sentence and word with its UTF-16 range and its time in the audio),
            plus book.json and book.m3u8.

            The book's own pronunciation hints are applied: PLS lexicons its documents
            link, and ssml:ph phonemes on elements. Japanese text is read from MeCab's
            readings. Numerals, money, abbreviations, years, dates, units and clock times
            are read as a narrator would (--normalize). One warning per language names
            text the voice cannot speak; a language with no voice is read by a voice of its script.
            """,
        sections: [
            .init("Options", [.out] + RenderArguments.options),
            .init("Input options (BOOK a .txt, .md or .pdf file; --epub then builds a new EPUB 3)", CLIOption.inputOptions),
        ]
    )

    struct Options {
        var job: BookRenderOptions
        var quiet: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let out = try arguments.value(.out)
        let shared = try RenderArguments.parse(&arguments)
        let path = try arguments.positionals("BOOK")[0]

        let format = AudioFormat(rawValue: shared.formatName)
        guard format != nil || shared.formatName == "none" else {
            throw UsageError.invalid(.format, shared.formatName, expected: "mp3, wav, flac, ogg or none")
        }
        if format == nil, shared.audiobook == nil, shared.library == nil {
            throw UsageError("--format none writes no chapter audio: give --audiobook PATH or --library DIR for the one file")
        }
        try shared.speech.checkRate()
        if shared.web, shared.epub != nil, out == nil { throw UsageError("--web with --epub needs --out (the folder is otherwise removed)") }
        let granularity = try shared.granularity(format: format)
        if let audiobook = shared.audiobook, AudiobookFormat(path: audiobook) == nil {
            throw UsageError.invalid(.audiobook, audiobook, expected: "a path ending in .m4b, .m4a, .mp3 or .opus")
        }
        let single = shared.single
        let tracks = try shared.tracksRequest(format: format)
        if shared.web, single != nil, shared.epub == nil, out == nil {
            throw UsageError("--web with --audiobook or --library needs --out (the folder is otherwise removed)")
        }
        let settings = try shared.settings(format: format)
        let folder: BookRenderOptions.Folder = out.map { .path($0) } ?? (shared.epub != nil || single != nil ? .temporary : .namedAfterBook)
        let options = shared.renderOptions(bookPath: path, folder: folder, settings: settings, granularity: granularity, tracks: tracks)
        return Options(job: options, quiet: shared.quiet)
    }

    static func run(_ options: Options) throws -> Int32 {
        var options = options
        let (jobs, jobsNote) = JobsCap().cap(options.job.jobs)
        options.job.jobs = jobs
        if let jobsNote, !options.quiet { Console.error("follow-render: note: \(jobsNote)") }
        let printer = RenderPrinter(quiet: options.quiet, showsSummary: !options.job.isTemporary)
        let summary: ChapterStageSummary
        do {
            summary = try BookRenderJob(options: options.job).run(cancellation: printer.cancellation) { printer.handle($0) }
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
}
