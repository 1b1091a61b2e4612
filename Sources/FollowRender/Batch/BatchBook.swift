import Foundation

/// Renders one book of a batch exactly as `follow-render BOOK --out FOLDER`
/// with the same options does: the same `BookRenderJob`, so the same checks, the
/// same files and the same output steps. A failure becomes a failed
/// `BookOutcome`; only an interruption is thrown.
struct BatchBook {
    let entry: BatchPlan.Entry
    let options: BatchOptions
    let folder: String
    let budget: WorkerBudget

    /// Renders the book; `warn` gets each warning as it is found (a chapter
    /// skipped because the batch is being interrupted is not one).
    func run(cancellation: RenderCancellation, warn: @escaping @Sendable (RenderWarning) -> Void) throws(RenderInterrupted) -> BookOutcome {
        let started = Date()
        let warnings = Locked<[String]>([])
        var job = options.renderOptions(bookPath: entry.path, folder: folder)
        job.workerBudget = budget
        let summary: ChapterStageSummary
        do {
            summary = try BookRenderJob(options: job).run(cancellation: cancellation) { event in
                guard case let .warning(warning) = event,
                      warning.kind != .skippedChapter || cancellation.cancelledBy == nil else { return }
                warnings.update { $0.append(warning.text) }
                warn(warning)
            }
        } catch let interrupted as RenderInterrupted {
            throw interrupted
        } catch {
            // The book's own error, kind and causes, as the render job reported it for the book.
            return BookOutcome(path: entry.path, slug: entry.slug, status: .failed,
                               renderSeconds: Seconds(Date().timeIntervalSince(started)), warnings: warnings.value,
                               error: ReportedError.of(error, for: entry.path, otherwise: .write))
        }
        return BookOutcome(path: entry.path, slug: entry.slug, status: .ok, duration: summary.manifest.duration,
                           renderSeconds: Seconds(Date().timeIntervalSince(started)), chapters: summary.manifest.chapters.count,
                           renderedChapters: summary.rendered.count, keptChapters: summary.reused, warnings: warnings.value)
    }
}
