import Foundation

/// The books of a batch with their estimated audio, and how they are split
/// among the tasks of a cluster job.
///
/// The partition depends only on the list and the render options (never on
/// the task running it), so every task of a Slurm array or GNU parallel run
/// computes the same one: books in descending estimated duration, each given
/// to the task with the least estimated audio so far (ties to the lowest task).
public struct BatchPlan: Sendable {
    /// One book of the list.
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var slug: String
        /// Estimated narration at the render's rate, in seconds (0 when the book cannot be read).
        public var estimatedSeconds: Double
    }

    /// Every book, in list order.
    public var entries: [Entry]

    /// CPU seconds one core spends per second of audio (synthesis and MP3
    /// encoding), measured on the project's machine; for the dry-run's
    /// estimated render times only.
    public static let cpuSecondsPerAudioSecond = 0.004

    public init(entries: [Entry]) { self.entries = entries }

    /// Plans `paths` (as `BookList` gives them) for `options`, opening each
    /// book to estimate its audio: on every core at once, since nothing
    /// renders until the plan is made.
    public init(paths: [String], options: BatchOptions) {
        RenderTrace.mark("plan-start", "\(paths.count) books")
        defer { RenderTrace.mark("plan-end") }
        let slugs = BookSlug.make(paths)
        let estimates = Locked([Double](repeating: 0, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let seconds = Self.estimate(paths[index], options: options)
            estimates.update { $0[index] = seconds }
        }
        let seconds = estimates.value
        entries = paths.indices.map { Entry(path: paths[$0], slug: slugs[$0], estimatedSeconds: seconds[$0]) }
    }

    /// Entries without estimates (for merging a report, where nothing is opened).
    public static func unestimated(paths: [String]) -> BatchPlan {
        BatchPlan(entries: zip(paths, BookSlug.make(paths)).map { Entry(path: $0, slug: $1, estimatedSeconds: 0) })
    }

    /// The books of task `index` of `count`, longest first.
    public func books(task index: Int, of count: Int) -> [Entry] {
        partition(count)[index]
    }

    /// Every task's books, each task's longest first.
    public func partition(_ count: Int) -> [[Entry]] {
        var tasks = [[Entry]](repeating: [], count: max(1, count))
        var loads = [Double](repeating: 0, count: tasks.count)
        for entry in longestFirst(entries) {
            let task = loads.indices.min { loads[$0] < loads[$1] || (loads[$0] == loads[$1] && $0 < $1) } ?? 0
            tasks[task].append(entry)
            loads[task] += entry.estimatedSeconds
        }
        return tasks
    }

    /// Estimated seconds of audio of a task's books.
    public static func audio(of books: [Entry]) -> Double { books.reduce(0) { $0 + $1.estimatedSeconds } }

    /// A rough render time for `books` with `jobs` workers.
    public static func renderSeconds(of books: [Entry], jobs: Int) -> Double {
        audio(of: books) * cpuSecondsPerAudioSecond / Double(max(1, jobs))
    }

    private func longestFirst(_ books: [Entry]) -> [Entry] {
        books.sorted { ($0.estimatedSeconds, $1.slug) > ($1.estimatedSeconds, $0.slug) }
    }

    private static func estimate(_ path: String, options: BatchOptions) -> Double {
        guard let archive = try? BookSource.open(path: path, options: options.render.settings.input) else { return 0 }
        let chapters = ChapterReader(archive: archive, options: options.render.narrationOptions).read().chapters
        return chapters.filter { options.render.selection?.contains($0.index) ?? true }
            .reduce(0) { $0 + $1.estimatedSeconds(wordsPerMinute: options.render.settings.wpm) }
    }
}
