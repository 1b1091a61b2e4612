/// The `batch` command as library calls, as `BookRenderJob` is for `render`: the
/// CLI parses into a `BatchJob`, calls it and prints what it returns.
///
/// `--report` is `mergeReport()`; `--dry-run` is `plan()`; a render is
/// `plan()`, `render(_:cancellation:onEvent:)` (this task's books, under the
/// CLI's signal trap) and then `report(after:plan:)`.
public struct BatchJob: Sendable {
    /// The book list (a file of paths, or a folder).
    public var list: String
    /// The output root, `DIR/<slug>/` per book.
    public var root: String
    public var options: BatchOptions
    public var task: BatchTask

    public init(list: String, root: String, options: BatchOptions, task: BatchTask) {
        self.list = list
        self.root = root
        self.options = options
        self.task = task
    }

    /// A report to show: the merged `batch.json` of every task, or this task's own books.
    public struct Summary: Sendable {
        public var report: BatchReport
        /// The output root, absolute.
        public var root: String
        /// True when `report` is the merged `batch.json`; false for one task of several.
        public var isMerged: Bool
    }

    /// `--report`: merges every task's recorded results into `batch.json`, without opening a book.
    public func mergeReport() throws -> Summary {
        let paths = try BookList.read(list, skipping: outputFolders)
        let store = try BatchStore(root: root)
        let merged = try store.writeReport(books: BatchPlan.unestimated(paths: paths).entries.map { ($0.path, $0.slug) })
        return Summary(report: merged, root: store.root, isMerged: true)
    }

    /// The folders the batch writes: the output root and the library, never read as books.
    private var outputFolders: [String] { [root] + [options.render.audiobook?.library].compactMap { $0 } }

    /// Every book of the list, estimated and partitioned (each book is opened to estimate it).
    public func plan() throws -> BatchPlan {
        BatchPlan(paths: try BookList.read(list, skipping: outputFolders), options: options)
    }

    /// Renders this task's books of `plan`; throws `BatchInterrupted` when `cancellation` fires.
    public func render(_ plan: BatchPlan, cancellation: RenderCancellation,
                       onEvent: @escaping @Sendable (BatchEvent) -> Void) throws -> [BookOutcome] {
        let store = try BatchStore(root: root)
        let runner = BatchRunner(store: store, books: plan.books(task: task.index, of: task.count), options: options)
        return try runner.run(cancellation: cancellation, onEvent: onEvent)
    }

    /// The report after `render`: a single task writes and returns the merged `batch.json`;
    /// one task of several returns its own books (`--report` merges them later).
    public func report(after outcomes: [BookOutcome], plan: BatchPlan) throws -> Summary {
        let store = try BatchStore(root: root)
        guard task.count == 1 else { return Summary(report: BatchReport(books: outcomes), root: store.root, isMerged: false) }
        let merged = try store.writeReport(books: plan.entries.map { ($0.path, $0.slug) })
        return Summary(report: merged, root: store.root, isMerged: true)
    }
}
