/// The render options every book of a batch is rendered with: one
/// `BookRenderOptions` value, the same a single render is given, so each book's
/// folder is what `follow-render BOOK` writes and an option added to
/// `BookRenderOptions` reaches the batch without being named here.
///
/// Its `bookPath` and `folder` are set for each book (`renderOptions`). The
/// outputs a single render writes to a path of its own (`--epub`,
/// `--audiobook`, `--tracks`) are named by a file name instead, written into
/// each book's folder; `--library` is one root shared by every book, each in
/// its own `<Author>/<Title>/` folder.
public struct BatchOptions: Sendable {
    /// What every book is rendered with; `jobs` worker processes are shared
    /// by every book running at the same time.
    public var render: BookRenderOptions

    public init(_ render: BookRenderOptions) {
        self.render = render
        self.render.jobs = max(1, render.jobs)
    }

    /// Worker processes at once, shared by every book running at the same time.
    public var jobs: Int {
        get { render.jobs }
        set { render.jobs = max(1, newValue) }
    }

    /// The single render of the book at `bookPath` into `folder` that the batch runs.
    public func renderOptions(bookPath: String, folder: String) -> BookRenderOptions {
        let inFolder = { (name: String) in folder + "/" + name }
        var single = render
        single.bookPath = bookPath
        single.folder = .path(folder)
        single.epub?.path = inFolder(render.epub?.path ?? "")
        single.audiobook?.path = render.audiobook?.path.map(inFolder)
        single.tracks?.folder = inFolder(render.tracks?.folder ?? "")
        return single
    }
}
