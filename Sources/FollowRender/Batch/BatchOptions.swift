/// The render options every book of a batch is rendered with: the same as a
/// single render's, so each book's folder is what `follow-render BOOK` writes.
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
    /// The executable started as the worker; nil for this process's own.
    public var workerExecutable: String?

    /// What the chapters are read with, as `RenderJob` reads them.
    public var narrationOptions: NarrationOptions {
        var narration = settings.narrationOptions
        narration.matter = matter
        return narration
    }

    public init(settings: RenderSettings, selection: ChapterSelection?, jobs: Int, force: Bool, strict: Bool,
                sync: [SyncFormat], matter: MatterSelection = .all, web: Bool = false,
                workerExecutable: String? = nil) {
        self.settings = settings
        self.selection = selection
        self.jobs = max(1, jobs)
        self.force = force
        self.strict = strict
        self.sync = sync
        self.matter = matter
        self.web = web
        self.workerExecutable = workerExecutable
    }
}
