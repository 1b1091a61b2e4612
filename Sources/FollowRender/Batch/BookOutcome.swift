import Foundation

/// What became of one book of a batch: the per-book record that each task
/// writes atomically under `DIR/.batch/<slug>.json`, and one entry of
/// `batch.json`.
public struct BookOutcome: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        case ok
        case failed
        /// No task has recorded a result for the book yet (only in a report).
        case missing
    }

    /// A failure as recorded: the kind of the book's own error (`book.notAnEPUB`,
    /// `render.strict` …), its one line, and the errors below it.
    public struct Failure: Hashable, Sendable, Codable {
        public var kind: ErrorKind
        public var message: String
        /// The causes of the error, outermost first (each one's kind, file and
        /// message, down to the OS's or a C library's code); absent when it has none.
        public var causes: [ErrorChain.Link]?

        /// The record of `error`, one of ours (`ReportedError` makes any error one).
        public init(_ error: any Error) {
            let chain = ErrorChain(error)
            kind = ErrorKind(of: error) ?? .render(.worker)
            message = String(describing: error)
            causes = chain.links.count > 1 ? Array(chain.links.dropFirst()) : nil
        }
    }

    /// The book's absolute path, as the list gave it.
    public var path: String
    public var slug: String
    public var status: Status
    /// Audio in the book's folder, in seconds (every rendered chapter, kept ones included).
    public var duration: Seconds
    /// The same in hours, rounded to 1/10,000.
    public var audioHours: Decimal
    /// Wall time this run spent on the book.
    public var renderSeconds: Seconds
    /// Chapters in the book's folder; of them, synthesized by this run and kept from an earlier one.
    public var chapters: Int
    public var renderedChapters: Int
    public var keptChapters: Int
    /// Warning lines about the book (faults read anyway, chapters skipped).
    public var warnings: [String]
    public var error: Failure?

    public init(path: String, slug: String, status: Status, duration: Seconds = Seconds(0), renderSeconds: Seconds = Seconds(0),
                chapters: Int = 0, renderedChapters: Int = 0, keptChapters: Int = 0, warnings: [String] = [],
                error: (any Error)? = nil) {
        self.path = path
        self.slug = slug
        self.status = status
        self.duration = duration
        audioHours = Self.hours(duration)
        self.renderSeconds = renderSeconds
        self.chapters = chapters
        self.renderedChapters = renderedChapters
        self.keptChapters = keptChapters
        self.warnings = warnings
        self.error = error.map(Failure.init)
    }

    /// Seconds as hours with four decimals, from whole milliseconds so the figure is reproducible.
    static func hours(_ seconds: Seconds) -> Decimal {
        var exact = Decimal(seconds.milliseconds) / Decimal(3_600_000)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 4, .plain)
        return rounded
    }
}
