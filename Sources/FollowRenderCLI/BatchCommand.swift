import FollowRender
import Foundation

/// `follow-render batch LIST --out-root DIR`: render many books, on one
/// machine or as the tasks of a Slurm job array or a GNU parallel run.
enum BatchCommand: Command {
    static let name = "batch"
    static let summary = "Render every book of a list or folder into DIR/<slug>/ (also as cluster tasks)"
    static let help = """
        Usage: follow-render batch LIST --out-root DIR [--task-index I --task-count N]
                                   [--report] [--dry-run] [render options]
                                   [--epub NAME [--granularity sentence|word]] [--audiobook NAME]
                                   [--library DIR] [--tracks NAME [--tracks-depth N]]
                                   [--lexicon FILE]… [--normalize auto|none]

        LIST is a file of book paths, one per line (relative to the file's folder;
        '#' starts a comment), or a folder walked for .epub files and unpacked EPUB
        folders (and .txt, .md, .markdown and .pdf books). Each book renders into DIR/<slug>/ exactly as
        'follow-render BOOK --out DIR/<slug>' would. Books start longest first (by
        estimated duration); small books run side by side, and all of them share
        --jobs worker processes. A book that fails is recorded and the batch goes on;
        a rerun skips finished books by their cache keys. Results go to
        DIR/.batch/<slug>.json as each book finishes, and to DIR/batch.json at the end.
        Exit status: 0 when every book succeeded, 1 when some failed.

        Options:
          --out-root DIR    Where the books' folders and batch.json go (required).
          --task-index I    Render only the books of task I (0-based) of --task-count N,
          --task-count N    a partition balanced by estimated duration that every task
                            computes alike. Default: $SLURM_ARRAY_TASK_ID minus
                            $SLURM_ARRAY_TASK_MIN, and $SLURM_ARRAY_TASK_COUNT; else 0 of 1.
                            With N > 1, batch.json is left to --report.
          --report          Render nothing: merge the books' results into DIR/batch.json.
          --dry-run         Render nothing: print each task's books with their estimated
                            audio and render time.
          --quiet           No progress lines and no summary.
          Render options, applied to every book (see 'follow-render render --help'):
          --rate --wpm --voice --pitch --intonation --pauses --format --bitrate --chapters
          --jobs --include-notes --matter --force --strict --sync --web --granularity
          --lexicon --normalize, and the input
          options (--encoding …) for text, Markdown and PDF books. Outputs with a path
          of their own take a file name instead, written into each book's folder:
          --epub NAME       DIR/<slug>/NAME, the read-aloud EPUB (e.g. read-aloud.epub).
          --audiobook NAME  DIR/<slug>/NAME, the single-file audiobook (e.g. book.m4b).
          --library DIR     One library root for every book: DIR/<Author>/<Title>/.
          --tracks NAME     DIR/<slug>/NAME/, one MP3 per table-of-contents entry and an
                            .m3u8 (e.g. tracks); --tracks-depth N as for one book.
        """

    /// What the command line asks for.
    struct Options {
        var list: String
        var root: String
        var batch: BatchOptions
        var task: BatchTask
        var report: Bool
        var dryRun: Bool
        var quiet: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let quiet = arguments.flag("--quiet")
        let report = arguments.flag("--report")
        let dryRun = arguments.flag("--dry-run")
        let force = arguments.flag("--force")
        let strict = arguments.flag("--strict")
        let includeNotes = arguments.flag("--include-notes")
        let matter = try arguments.matter()
        let web = arguments.flag("--web")
        let epub = try arguments.option("--epub")
        let granularityName = try arguments.option("--granularity")
        let audiobook = try arguments.option("--audiobook")
        let library = try arguments.option("--library")
        let tracksName = try arguments.option("--tracks")
        let tracksDepth = try arguments.option("--tracks-depth")
        let lexicons = try PronunciationOptions.lexicons(&arguments)
        let normalize = try PronunciationOptions.normalize(&arguments)
        let root = try arguments.option("--out-root")
        let rate = try arguments.option("--rate")
        let wpm = try arguments.integer("--wpm", in: 80...1000)
        let voice = try arguments.option("--voice")
        let formatName = try arguments.option("--format") ?? "mp3"
        let bitrate = try arguments.integer("--bitrate", in: 8...320) ?? RenderSettings.defaultBitrate
        let selectionText = try arguments.option("--chapters")
        let jobs = try arguments.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let syncText = try arguments.option("--sync")
        let taskIndex = try arguments.integer("--task-index", in: 0...99_999)
        let taskCount = try arguments.integer("--task-count", in: 1...100_000)
        let input = try InputArguments.parse(&arguments)
        let voiceOptions = try VoiceOptions.parse(&arguments)
        let list = try arguments.positionals("LIST")[0]
        guard let root else { throw UsageError("--out-root DIR is required") }
        guard let format = AudioFormat(rawValue: formatName) else {
            throw UsageError("--format takes mp3, wav, flac or ogg, not '\(formatName)'")
        }
        if rate != nil, wpm != nil { throw UsageError("give --rate or --wpm, not both") }
        if report, dryRun { throw UsageError("give --report or --dry-run, not both") }
        for (option, name) in [("--epub", epub), ("--audiobook", audiobook), ("--tracks", tracksName)] {
            if let name, name.contains("/") || name.hasPrefix(".") {
                throw UsageError("\(option) in a batch takes a file name, written into each book's folder, not '\(name)'")
            }
        }
        let granularity = try RenderCommand.granularity(granularityName, epub: epub, format: format)
        if let audiobook, AudiobookFormat(path: audiobook) == nil {
            throw UsageError("--audiobook takes a name ending in .m4b, .m4a, .mp3 or .opus, not '\(audiobook)'")
        }
        let tracks = try RenderCommand.tracks(tracksName, depth: tracksDepth, format: format, formatName: formatName,
                                              audiobook: audiobook, bitrate: bitrate)
        let task: BatchTask
        do {
            task = try BatchTask.resolve(index: taskIndex, count: taskCount, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw UsageError(error.description)
        }
        let selection = try selectionText.map { text throws(UsageError) -> ChapterSelection in
            guard let parsed = ChapterSelection(text) else { throw UsageError("--chapters takes a list such as 1,3-5, not '\(text)'") }
            return parsed
        }
        let sync = try syncText.map { text throws(UsageError) -> [SyncFormat] in
            guard let formats = SyncFormat.list(text) else { throw UsageError("--sync takes a list of vtt, srt and guided, not '\(text)'") }
            return formats
        } ?? []
        var settings = try RenderCommand.settings(rate: rate, wpm: wpm, voice: voice, format: format, bitrate: bitrate,
                                                  includeNotes: includeNotes, input: input)
        settings.lexicons = lexicons
        settings.normalize = normalize
        voiceOptions.apply(to: &settings)
        let single = audiobook != nil || library != nil ? AudiobookStep.Request(path: audiobook, library: library) : nil
        let batch = BatchOptions(settings: settings, selection: selection, jobs: jobs, force: force, strict: strict, sync: sync,
                                 matter: matter, web: web, epub: epub.map { RenderOptions.EPUB(path: $0, granularity: granularity) },
                                 audiobook: single, tracks: tracks)
        return Options(list: list, root: root, batch: batch, task: task, report: report, dryRun: dryRun, quiet: quiet)
    }

    static func run(_ options: Options) throws -> Int32 {
        var job = BatchJob(list: options.list, root: options.root, options: options.batch, task: options.task)
        if options.report {
            let merged = try job.mergeReport()
            if !options.quiet { BatchSummary.printReport(merged.report, root: merged.root) } else {
                BatchSummary.printFailures(merged.report, prefix: "follow-render: ")
            }
            return merged.report.allSucceeded ? 0 : 1
        }
        let plan = try job.plan()
        if options.dryRun {
            BatchSummary.printPlan(plan, task: options.task, jobs: options.batch.jobs)
            return 0
        }
        let (jobs, jobsNote) = JobsCap().cap(options.batch.jobs)
        job.options.jobs = jobs
        if let jobsNote, !options.quiet { Console.error("follow-render: note: \(jobsNote)") }
        let quiet = options.quiet
        let cancellation = RenderCancellation()
        let trap = SignalTrap { signal in cancellation.cancel(signal: signal) }
        let outcomes: [BookOutcome]
        do {
            outcomes = try job.render(plan, cancellation: cancellation) { event in if !quiet { BatchSummary.show(event) } }
        } catch let interrupted as BatchInterrupted {
            Console.error("follow-render: \(interrupted)")
            return 128 + interrupted.signal
        }
        trap.release()
        let summary = try job.report(after: outcomes, plan: plan)
        if !quiet {
            BatchSummary.printReport(summary.report, root: summary.root)
            if !summary.isMerged {
                Console.error("Task \(options.task.index) of \(options.task.count) done; "
                    + "'follow-render batch LIST --out-root DIR --report' merges every task's results")
            }
        } else {
            BatchSummary.printFailures(summary.report, prefix: "follow-render: ")
        }
        return summary.report.allSucceeded ? 0 : 1
    }
}
