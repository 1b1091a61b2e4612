import Foundation
import Synchronization

/// Renders a task's books into the output root, several at once, with one
/// worker budget shared by all of them.
///
/// Books start longest first. Up to `jobs + 1` books run side by side, and
/// their worker processes together never exceed `jobs`, so a long
/// single-chapter book keeps one core while small books share the others,
/// and a book's serial start (opening and reading it, in this process) runs
/// while the other books' workers keep every core busy. Each finished
/// book's outcome is saved at once; a failed book is recorded and the batch
/// goes on. A rerun resumes: each book's `ChapterStage` keeps chapters whose
/// cache keys match, so a finished book is not synthesized again.
public struct BatchRunner: Sendable {
    public var store: BatchStore
    /// This task's books.
    public var books: [BatchPlan.Entry]
    public var options: BatchOptions

    public init(store: BatchStore, books: [BatchPlan.Entry], options: BatchOptions) {
        self.store = store
        self.books = books
        self.options = options
    }

    /// Renders every book and returns their outcomes, longest first. Throws
    /// `BatchInterrupted` when `cancellation` fires (finished books are kept).
    public func run(cancellation: RenderCancellation = RenderCancellation(),
                    onEvent: @escaping @Sendable (BatchEvent) -> Void) throws -> [BookOutcome] {
        let budget = WorkerBudget(size: options.jobs)
        let bookSlots = DispatchSemaphore(value: options.jobs + 1)
        let group = DispatchGroup()
        let outcomes = Locked<[BookOutcome]>([])
        let saveErrors = Locked<[RenderError]>([])
        let events = Mutex(())
        let emit = { @Sendable (event: BatchEvent) in events.withLock { _ in onEvent(event) } }
        let started = Date()
        for entry in books.sorted(by: { ($0.estimatedSeconds, $1.slug) > ($1.estimatedSeconds, $0.slug) }) {
            bookSlots.wait()
            guard cancellation.cancelledBy == nil else {
                bookSlots.signal()
                break
            }
            group.enter()
            let running = DetachedThread.start { [self] in
                defer {
                    bookSlots.signal()
                    group.leave()
                }
                RenderTrace.mark("book-start", entry.slug)
                defer { RenderTrace.mark("book-end", entry.slug) }
                emit(.started(entry))
                let book = BatchBook(entry: entry, options: options, folder: store.folder(for: entry.slug), budget: budget)
                guard let outcome = try? book.run(cancellation: cancellation, warn: { emit(.warning(entry, $0)) }) else { return }
                do throws(RenderError) {
                    try store.save(outcome)
                } catch {
                    saveErrors.update { $0.append(error) }
                }
                let finished = outcomes.update { list in
                    list.append(outcome)
                    return list
                }
                emit(.finished(outcome, BatchProgress(finished: finished, of: books, elapsed: Date().timeIntervalSince(started))))
            }
            if !running {
                saveErrors.update { $0.append(RenderError(.outOfMemory, "out of memory: no thread could be started to render \(entry.slug)")) }
                bookSlots.signal()
                group.leave()
            }
        }
        group.wait()
        if let signal = cancellation.cancelledBy {
            throw BatchInterrupted(signal: signal, root: store.root, finished: outcomes.value.count)
        }
        if let first = saveErrors.value.first { throw first }
        return outcomes.value
    }
}

/// A batch stopped by a signal: finished books are recorded, and the same
/// command resumes the rest.
public struct BatchInterrupted: CausedError, Sendable {
    public var signal: Int32
    public var root: String
    public var finished: Int

    /// A stop asked for by a signal, not a failure: no error lies below it.
    public var cause: (any Error)? { nil }

    public var description: String {
        "interrupted: kept \(finished) finished book\(finished == 1 ? "" : "s") in \(root); run the same command again to resume"
    }
}
