import Foundation

/// Renders one book of a batch exactly as `follow-render BOOK --out FOLDER`
/// with the same options would: the same checks, the same `BookRenderer`, the
/// same files. A failure becomes a failed `BookOutcome`; only an interruption
/// is thrown.
struct BatchBook {
    let entry: BatchPlan.Entry
    let options: BatchOptions
    let folder: String
    let budget: WorkerBudget

    /// Renders the book; `warn` gets each warning line as it is found.
    func run(cancellation: RenderCancellation, warn: (String) -> Void) throws(RenderInterrupted) -> BookOutcome {
        let started = Date()
        var warnings: [String] = []
        func note(_ message: String) {
            warnings.append(message)
            warn(message)
        }
        func failed(_ error: BatchError) -> BookOutcome {
            BookOutcome(path: entry.path, slug: entry.slug, status: .failed,
                        renderSeconds: Seconds(Date().timeIntervalSince(started)), warnings: warnings, error: error)
        }
        let archive: EPUBArchive
        do {
            archive = try EPUBArchive(path: entry.path)
        } catch {
            return failed(BatchError(.book, file: entry.path, cause: String(describing: error)))
        }
        archive.warnings.forEach { note($0.message) }
        if options.strict, let first = archive.warnings.first {
            return failed(BatchError(.strict, file: entry.path, cause: "refused with --strict: \(first.message)"))
        }
        let (chapters, unreadable) = ChapterReader(archive: archive, options: options.settings.narrationOptions).read()
        unreadable.forEach { note($0.warning.message) }
        if options.strict, let first = unreadable.first {
            return failed(BatchError(.strict, file: entry.path, cause: "refused with --strict: \(first.warning.message)"))
        }
        guard !chapters.isEmpty else {
            let cause = unreadable.first.map { "no readable chapter: \($0.warning.message)" }
                ?? "no narratable text: no spine document has text to read"
            return failed(BatchError(.book, file: entry.path, cause: cause))
        }
        if let selection = options.selection, !chapters.contains(where: { selection.contains($0.index) }) {
            return failed(BatchError(.book, file: entry.path, cause: "--chapters selects no narrated chapter"))
        }
        var renderer = BookRenderer(bookPath: entry.path, book: archive.book, chapters: chapters, unreadable: unreadable,
                                    selection: options.selection, settings: options.settings, outputFolder: folder,
                                    jobs: options.jobs, force: options.force, workerExecutable: options.workerExecutable)
        renderer.budget = budget
        let summary: RenderSummary
        do {
            summary = try renderer.run(cancellation: cancellation) { _ in }
        } catch let interrupted as RenderInterrupted {
            throw interrupted
        } catch {
            return failed(BatchError(.render, file: entry.path, cause: String(describing: error)))
        }
        let unreadableIndexes = Set(unreadable.map(\.index))
        for skipped in summary.manifest.skipped where !unreadableIndexes.contains(skipped.index) {
            note("chapter \(skipped.index) (\(skipped.href)): skipped: \(skipped.reason)")
        }
        if options.strict, let first = summary.manifest.skipped.first {
            let cause = "refused with --strict: chapter \(first.index) (\(first.href)) was skipped: \(first.reason)"
            return failed(BatchError(.strict, file: entry.path, cause: cause))
        }
        if !options.sync.isEmpty {
            do {
                _ = try SyncExporter(formats: options.sync).write(RenderedBook.load(summary.folder))
            } catch {
                return failed(BatchError(.output, file: summary.folder, cause: String(describing: error)))
            }
        }
        return BookOutcome(path: entry.path, slug: entry.slug, status: .ok, duration: summary.manifest.duration,
                           renderSeconds: Seconds(Date().timeIntervalSince(started)), chapters: summary.manifest.chapters.count,
                           renderedChapters: summary.rendered.count, keptChapters: summary.reused, warnings: warnings)
    }
}
