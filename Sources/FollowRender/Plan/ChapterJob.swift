/// One job of a render as the worker pool schedules it: a chapter, or one
/// slice of a split chapter. Its script is built only when the job starts
/// (`ScriptSource`), so the parent holds the chapters and one script per worker.
struct ChapterJob: Hashable, Sendable {
    /// 1-based spine position.
    var index: Int
    /// The slice of a split chapter (`SlicePlan`); nil for the whole chapter.
    var slice: Int?
    /// UTF-16 units it speaks, for starting the longest jobs first.
    var units: Int
}
