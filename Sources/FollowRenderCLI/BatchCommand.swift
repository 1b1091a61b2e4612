import FollowRender
import Foundation

/// `follow-render batch LIST --out-root DIR`: render many books, on one
/// machine or as the tasks of a Slurm job array or a GNU parallel run.
enum BatchCommand: Command {
    static let name = "batch"
    static let summary = "Render every book of a list or folder into DIR/<slug>/ (also as cluster tasks)"
    static let page = HelpPage(
        usage: ["follow-render batch LIST --out-root DIR [--task-index I --task-count N] [--report] [--dry-run] "
                    + "[render options] [--epub NAME [--granularity sentence|word]] [--audiobook NAME] [--library DIR] "
                    + "[--tracks NAME [--tracks-depth N]] [--lexicon FILE]… [--normalize auto|none]"],
        about: """
            LIST is a file of book paths, one per line (relative to the file's folder;
            '#' starts a comment), or a folder walked for .epub files and unpacked EPUB
            folders (and .txt, .md, .markdown and .pdf books). Each book renders into DIR/<slug>/ exactly as
            'follow-render BOOK --out DIR/<slug>' would. Books start longest first (by
            estimated duration); small books run side by side, and all of them share
            --jobs worker processes. A book that fails is recorded and the batch goes on;
            a rerun skips finished books by their cache keys. Results go to
            DIR/.batch/<slug>.json as each book finishes, and to DIR/batch.json at the end.
            Exit status: 0 when every book succeeded, 1 when some failed.
            """,
        sections: [
            .init("Options", [.outRoot, .taskIndex, .taskCount, .report, .dryRun, .quiet]),
            .init("Render options, applied to every book (see 'follow-render render --help')",
                  renderOptions + CLIOption.inputOptions, compact: true),
            .init("Outputs, named by a file name written into each book's folder", [
                CLIOption.epub.helping("DIR/<slug>/NAME, the read-aloud EPUB (e.g. read-aloud.epub).", value: .text("NAME")),
                CLIOption.audiobook.helping("DIR/<slug>/NAME, the single-file audiobook (e.g. book.m4b).", value: .text("NAME")),
                CLIOption.library.helping("One library root for every book: DIR/<Author>/<Title>/."),
                CLIOption.tracks.helping("DIR/<slug>/NAME/, one MP3 per table-of-contents entry and an .m3u8 (e.g. tracks); "
                                             + "--tracks-depth N as for one book.", value: .text("NAME")),
            ]),
        ]
    )

    /// The render options a batch applies to every book (the outputs with a path apart).
    private static let renderOptions = RenderArguments.options.filter {
        ![CLIOption.epub, .audiobook, .library, .tracks, .quiet].map(\.name).contains($0.name)
    }

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
        let report = arguments.flag(.report)
        let dryRun = arguments.flag(.dryRun)
        let root = try arguments.value(.outRoot)
        let taskIndex = try arguments.integer(.taskIndex)
        let taskCount = try arguments.integer(.taskCount)
        let shared = try RenderArguments.parse(&arguments)
        let list = try arguments.positionals("LIST")[0]
        guard let root else { throw UsageError("\(CLIOption.outRoot.signature) is required") }
        guard let format = AudioFormat(rawValue: shared.formatName) else {
            throw UsageError.invalid(.format, shared.formatName, expected: "mp3, wav, flac or ogg")
        }
        try shared.speech.checkRate()
        if report, dryRun { throw UsageError.exclusive(.report, .dryRun) }
        for (option, name) in [(CLIOption.epub, shared.epub), (.audiobook, shared.audiobook), (.tracks, shared.tracks)] {
            if let name, name.contains("/") || name.hasPrefix(".") {
                throw UsageError("\(option.name) in a batch takes a file name, written into each book's folder, not '\(name)'")
            }
        }
        let granularity = try shared.granularity(format: format)
        if let audiobook = shared.audiobook, AudiobookFormat(path: audiobook) == nil {
            throw UsageError.invalid(.audiobook, audiobook, expected: "a name ending in .m4b, .m4a, .mp3 or .opus")
        }
        let tracks = try shared.tracksRequest(format: format)
        let task: BatchTask
        do {
            task = try BatchTask.resolve(index: taskIndex, count: taskCount, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw UsageError(error.description, cause: error)
        }
        let settings = try shared.settings(format: format)
        // Each book's path and folder are set as it runs (`BatchOptions.renderOptions`).
        let batch = BatchOptions(shared.renderOptions(bookPath: "", folder: .path(root), settings: settings,
                                                      granularity: granularity, tracks: tracks))
        return Options(list: list, root: root, batch: batch, task: task, report: report, dryRun: dryRun, quiet: shared.quiet)
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
