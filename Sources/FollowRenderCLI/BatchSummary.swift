import FollowRender
import Foundation

/// What `batch` prints: a progress line per finished book, the one-screen
/// summary, and the dry-run plan.
enum BatchSummary {
    /// A line on standard error for a batch event.
    static func show(_ event: BatchEvent) {
        switch event {
        case .started:
            return
        case let .warning(entry, warning):
            Console.warning(file: entry.path, warning.text)
        case let .finished(outcome, progress):
            let state = outcome.status == .ok
                ? "\(clock(outcome.duration.value)) audio in \(String(format: "%.1f", outcome.renderSeconds.value)) s"
                : "FAILED: \(outcome.error?.message ?? "")"
            let eta = progress.eta.map { clock($0) } ?? "…"
            Console.error("follow-render batch: [\(progress.done)/\(progress.total)] \(outcome.slug): \(state) · "
                + String(format: "%.2f h", progress.audioSeconds / 3600) + " of audio done · ETA \(eta)")
        }
    }

    /// The summary of a report, at most one screen: totals, then the failed
    /// books (the first 10), then where the report is.
    static func printReport(_ report: BatchReport, root: String) {
        Console.error("Books: \(report.succeeded) of \(report.total) rendered, \(report.failed) failed"
            + (report.missing > 0 ? ", \(report.missing) not rendered yet" : ""))
        Console.error("Audio: \(clock(report.duration.value)) (\(report.audioHours) h); render time, summed per book: "
            + clock(report.renderSeconds.value))
        let warned = report.books.filter { $0.status == .ok && !$0.warnings.isEmpty }.count
        if warned > 0 { Console.error("Rendered with warnings: \(warned) book\(warned == 1 ? "" : "s") (see batch.json)") }
        printFailures(report, prefix: "Failed: ")
        Console.error("Report:")
        print(root + "/" + BatchStore.reportFile)
    }

    /// The failed books, the first 10, one line each: all `--quiet` prints,
    /// since a failed batch must still say why.
    static func printFailures(_ report: BatchReport, prefix: String) {
        let failed = report.books.filter { $0.status == .failed }
        for outcome in failed.prefix(10) { Console.error(prefix + (outcome.error?.message ?? outcome.path)) }
        if failed.count > 10 { Console.error("… and \(failed.count - 10) more failed books (see batch.json)") }
    }

    /// The plan on standard output: each task's books, estimated audio and render time.
    static func printPlan(_ plan: BatchPlan, task: BatchTask, jobs: Int) {
        let tasks = plan.partition(task.count)
        for (index, books) in tasks.enumerated() {
            let mark = task.count > 1 && index == task.index ? " (this task)" : ""
            print("Task \(index) of \(task.count)\(mark): \(books.count) book\(books.count == 1 ? "" : "s"), "
                + "about \(clock(BatchPlan.audio(of: books))) of audio, about "
                + "\(clock(BatchPlan.renderSeconds(of: books, jobs: jobs))) to render with \(jobs) worker\(jobs == 1 ? "" : "s")")
            for book in books {
                let size = book.estimatedSeconds > 0 ? clock(book.estimatedSeconds) : "unreadable"
                print("  " + book.slug.padding(toLength: 40, withPad: " ", startingAt: 0) + " " + size + "  " + book.path)
            }
        }
    }
}
