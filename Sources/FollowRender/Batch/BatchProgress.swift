import Foundation

/// What a batch reports while it runs, for progress displays.
public enum BatchEvent: Sendable {
    /// A book started rendering.
    case started(BatchPlan.Entry)
    /// A warning about a book (printed naming the book's path).
    case warning(BatchPlan.Entry, RenderWarning)
    /// A book finished (or failed); `progress` is the batch's state after it.
    case finished(BookOutcome, BatchProgress)
}

/// How far a batch is: books done of the total, hours of audio so far, and
/// an ETA from the books' estimated durations and the time spent so far.
public struct BatchProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int
    /// Audio of the books done, in seconds.
    public var audioSeconds: Double
    public var elapsed: Double
    /// Seconds still to go, or nil before anything estimable is done.
    public var eta: Double?

    /// The progress after `finished` of `books`, `elapsed` seconds in.
    init(finished: [BookOutcome], of books: [BatchPlan.Entry], elapsed: Double) {
        let done = Set(finished.map(\.slug))
        let estimated = BatchPlan.audio(of: books)
        let estimatedDone = BatchPlan.audio(of: books.filter { done.contains($0.slug) })
        self.done = finished.count
        total = books.count
        audioSeconds = finished.reduce(0) { $0 + $1.duration.value }
        self.elapsed = elapsed
        eta = estimatedDone > 0 ? elapsed * (estimated - estimatedDone) / estimatedDone : nil
    }
}
