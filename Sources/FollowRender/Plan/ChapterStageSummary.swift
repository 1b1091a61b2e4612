/// The outcome of the chapter stage of a book render: the folder, its
/// `book.json` as written last, and which chapters were spoken or kept.
public struct ChapterStageSummary: Sendable {
    /// Absolute path of the output folder.
    public var folder: String
    public var manifest: BookManifest
    /// Spine positions of the chapters synthesized in this run.
    public var rendered: [Int]
    /// Chapters kept from an earlier run because nothing that shapes them changed.
    public var reused: Int
}
