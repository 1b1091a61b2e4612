/// What a `BookRenderJob` reports while it runs, in order: warnings at any time,
/// `prepared` once the book is read, chapter progress, `rendered` when every
/// chapter is done, then one `wrote` per output step that wrote a file.
public enum BookRenderEvent: Sendable {
    /// A recoverable fault, to print as one warning line naming its file.
    /// (`--strict` is already decided by the job: a warning never fails here.)
    case warning(RenderWarning)
    /// A choice the user should know of, to print as one `note:` line (a
    /// language read by a voice chosen for its script).
    case note(String)
    /// The book is read and synthesis is about to start.
    case prepared(chapters: [Chapter], sampleRate: Int)
    /// Progress of the chapter workers.
    case chapter(ChapterEvent)
    /// Every chapter is rendered (or kept, or skipped); `elapsed` is the time
    /// the chapters took, in seconds. Output steps run next.
    case rendered(ChapterStageSummary, elapsed: Double)
    /// An output step wrote `path`; `summary` is one line saying what it holds.
    case wrote(summary: String, path: String)
}
