/// The render options every book of a batch is rendered with: the same as a
/// single render's, so each book's folder is what `follow-render BOOK` writes.
///
/// The outputs a single render writes to a path of its own (`--epub`,
/// `--audiobook`, `--tracks`) are named here by a file name instead, written
/// into each book's folder; `--library` is one root shared by every book, each in its
/// own `<Author>/<Title>/` folder.
public struct BatchOptions: Sendable {
    public var settings: RenderSettings
    /// Spine positions to render in every book; nil for all.
    public var selection: ChapterSelection?
    /// Worker processes at once, shared by every book running at the same time.
    public var jobs: Int
    public var force: Bool
    /// A book with any warning fails, as `--strict` makes a single render fail.
    public var strict: Bool
    public var sync: [SyncFormat]
    /// Which chapters are narrated: all, or body matter only (`--matter`).
    public var matter: MatterSelection
    /// Write the web player into each book's folder (`--web`).
    public var web: Bool
    /// The read-aloud EPUB (`--epub NAME`); its `path` is a file name in each book's folder.
    public var epub: RenderOptions.EPUB?
    /// The single-file audiobook (`--audiobook NAME`, its `path` a file name in
    /// each book's folder) and the library root (`--library DIR`).
    public var audiobook: AudiobookStep.Request?
    /// One MP3 per table-of-contents entry (`--tracks NAME`, its `folder` a folder name in each book's folder).
    public var tracks: TracksStep.Request?
    /// The executable started as the worker; nil for this process's own.
    public var workerExecutable: String?

    /// What the chapters are read with, as `RenderJob` reads them.
    public var narrationOptions: NarrationOptions {
        var narration = settings.narrationOptions
        narration.matter = matter
        return narration
    }

    public init(settings: RenderSettings, selection: ChapterSelection?, jobs: Int, force: Bool, strict: Bool,
                sync: [SyncFormat], matter: MatterSelection = .all, web: Bool = false, epub: RenderOptions.EPUB? = nil,
                audiobook: AudiobookStep.Request? = nil, tracks: TracksStep.Request? = nil, workerExecutable: String? = nil) {
        self.settings = settings
        self.selection = selection
        self.jobs = max(1, jobs)
        self.force = force
        self.strict = strict
        self.sync = sync
        self.matter = matter
        self.web = web
        self.epub = epub
        self.audiobook = audiobook
        self.tracks = tracks
        self.workerExecutable = workerExecutable
    }

    /// The single render of the book at `bookPath` into `folder` that the batch runs.
    public func renderOptions(bookPath: String, folder: String) -> RenderOptions {
        let inFolder = { (name: String) in folder + "/" + name }
        var book = epub
        book?.path = inFolder(epub?.path ?? "")
        var single = audiobook
        single?.path = audiobook?.path.map(inFolder)
        var trackFolder = tracks
        trackFolder?.folder = inFolder(tracks?.folder ?? "")
        return RenderOptions(bookPath: bookPath, settings: settings, folder: .path(folder), selection: selection, jobs: jobs,
                             force: force, strict: strict, sync: sync, epub: book, matter: matter, web: web,
                             audiobook: single, tracks: trackFolder, workerExecutable: workerExecutable)
    }
}
