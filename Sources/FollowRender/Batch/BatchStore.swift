import Foundation

/// Where a batch keeps its results under the output root: each book's
/// `BookOutcome` in `.batch/<slug>.json` (written atomically, so tasks on
/// other machines sharing the folder never see a torn file), merged into
/// `batch.json` by the task that ran everything or by `--report`.
public struct BatchStore: Sendable {
    public static let reportFile = "batch.json"
    static let resultsFolder = ".batch"

    /// The output root, absolute.
    public let root: String

    /// Creates the root and its results folder when missing.
    public init(root: String) throws(RenderError) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        do {
            try FileManager.default.createDirectory(atPath: self.root + "/" + Self.resultsFolder, withIntermediateDirectories: true)
        } catch {
            throw RenderError(.outputFolder, file: self.root, "cannot create the output root (\(error.localizedDescription))", cause: error)
        }
    }

    /// The output folder of a book.
    public func folder(for slug: String) -> String { root + "/" + slug }

    public func save(_ outcome: BookOutcome) throws(RenderError) {
        do {
            try AtomicFile.write(JSONCoding.data(outcome, pretty: true), to: resultPath(outcome.slug))
        } catch {
            throw RenderError(.write, file: resultPath(outcome.slug), "cannot write the book's result (\(error))", cause: error)
        }
    }

    /// The recorded outcome of a book, or nil when no task has finished it.
    public func load(slug: String) -> BookOutcome? {
        guard let data = try? OwnFiles.read(resultPath(slug), limit: .batchResult) else { return nil }
        return try? JSONCoding.decode(BookOutcome.self, from: data)
    }

    /// Merges the recorded outcomes of `books` (path and slug, in list order)
    /// into `batch.json` and returns the report.
    @discardableResult
    public func writeReport(books: [(path: String, slug: String)]) throws(RenderError) -> BatchReport {
        let outcomes = books.map { book in
            load(slug: book.slug) ?? BookOutcome(path: book.path, slug: book.slug, status: .missing)
        }
        let report = BatchReport(books: outcomes)
        let path = root + "/" + Self.reportFile
        do {
            try AtomicFile.write(JSONCoding.data(report, pretty: true), to: path)
        } catch {
            throw RenderError(.write, file: path, "cannot write the report (\(error))", cause: error)
        }
        return report
    }

    private func resultPath(_ slug: String) -> String { root + "/" + Self.resultsFolder + "/" + slug + ".json" }
}
