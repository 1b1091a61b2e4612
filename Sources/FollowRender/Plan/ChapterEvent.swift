/// What a render reports while it runs, for progress displays.
public enum ChapterEvent: Sendable {
    /// The chapters (spine positions) this run will synthesize; the others are
    /// kept from an earlier run.
    case planned(indices: [Int])
    /// A worker started on the chapter at this spine position.
    case started(index: Int)
    /// Sentences done and audio samples written so far in a chapter.
    case progress(index: Int, sentences: Int, samples: Int)
    case finished(ChapterResult)
    /// The chapter could not be rendered; the rest of the book goes on.
    case failed(index: Int, reason: String)
}
