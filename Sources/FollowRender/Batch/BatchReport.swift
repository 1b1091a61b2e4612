import Foundation

/// `batch.json`: every book of the list with its outcome, and the totals.
public struct BatchReport: Hashable, Sendable, Codable {
    public static let formatName = "follow-render-batch"
    public static let currentVersion = 1

    public var format = BatchReport.formatName
    public var version = BatchReport.currentVersion
    public var total: Int
    public var succeeded: Int
    public var failed: Int
    public var missing: Int
    /// Audio of every succeeded book, in seconds and in hours.
    public var duration: Seconds
    public var audioHours: Decimal
    /// Sum of the books' render seconds (wall time per book; books overlap when run side by side).
    public var renderSeconds: Seconds
    public var books: [BookOutcome]

    public init(books: [BookOutcome]) {
        self.books = books
        total = books.count
        succeeded = books.filter { $0.status == .ok }.count
        failed = books.filter { $0.status == .failed }.count
        missing = books.filter { $0.status == .missing }.count
        duration = Seconds(books.reduce(0) { $0 + Double($1.duration.milliseconds) } / 1000)
        audioHours = BookOutcome.hours(duration)
        renderSeconds = Seconds(books.reduce(0) { $0 + Double($1.renderSeconds.milliseconds) } / 1000)
    }

    /// Whether every book of the list rendered.
    public var allSucceeded: Bool { succeeded == total }
}
