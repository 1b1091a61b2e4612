import FollowRender

/// What every command that takes a book does with it: open it the way the
/// CLI does (`BookSource`, which tells EPUB, PDF, Markdown and text apart)
/// and read every chapter's narration text, sentences and words.
public enum FuzzBook {
    /// Writes `bytes` as `name` in the scratch folder and reads it as a book.
    public static func read(_ bytes: UnsafePointer<UInt8>, count: Int, as name: String) {
        let path = FuzzScratch.write(bytes, count: count, as: name)
        guard let archive = try? BookSource.open(path: path) else { return }
        _ = ChapterReader(archive: archive, options: NarrationOptions(includeNotes: count % 2 == 0)).read()
    }
}
