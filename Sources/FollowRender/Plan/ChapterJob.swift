/// One job of a render as the worker pool schedules it: a chapter, or one
/// segment of a split chapter. Its script is built only when the job starts
/// (`ScriptSource`), so the parent holds the chapters and one script per worker.
struct ChapterJob: Hashable, Sendable {
    /// 1-based spine position.
    var index: Int
    /// The segment of a split chapter (`SegmentPlan`); nil for the whole chapter.
    var segment: Int?
    /// UTF-16 units it speaks, for starting the longest jobs first.
    var units: Int
}
