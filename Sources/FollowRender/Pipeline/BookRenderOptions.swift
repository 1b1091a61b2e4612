import Foundation

/// Everything a render is asked to do: the book, the speech and audio settings,
/// which chapters, how many workers, the failure policy and the outputs to
/// write after the chapters. The CLI's render command parses and validates its
/// arguments into this value; `BookRenderJob` does the rest.
public struct BookRenderOptions: Sendable {
    /// Where the audio and sidecars go.
    public enum Folder: Hashable, Sendable {
        /// This folder (created when missing).
        case path(String)
        /// A folder named after the book file, in the current directory.
        case namedAfterBook
        /// A new temporary folder, removed when the job ends (for `--epub` without `--out`).
        case temporary
    }

    /// The media-overlay EPUB to write after rendering (`--epub`).
    public struct EPUB: Hashable, Sendable {
        public var path: String
        public var granularity: OverlayGranularity

        public init(path: String, granularity: OverlayGranularity = .sentence) {
            self.path = path
            self.granularity = granularity
        }
    }

    /// The book: an .epub file, an unpacked EPUB folder, or a text, Markdown or
    /// PDF file (read with `settings.input`).
    public var bookPath: String
    public var settings: ChapterSettings
    public var folder: Folder
    /// Spine positions to render now; nil for all.
    public var selection: ChapterSelection?
    /// Worker processes at once.
    public var jobs: Int
    /// Render every selected chapter again, even those an earlier run finished.
    public var force: Bool
    /// Fail on any warning: a fault in the book or a skipped chapter.
    public var strict: Bool
    /// Subtitle and Guided Navigation exports written beside each sidecar.
    public var sync: [SyncFormat]
    public var epub: EPUB?
    /// Which chapters are narrated: all, or body matter only (`--matter`).
    public var matter: MatterSelection
    /// Write the web player into the folder (`--web`).
    public var web: Bool
    /// The single-file audiobook and library folder (`--audiobook`, `--library`).
    public var audiobook: AudiobookStep.Request?
    /// One MP3 per table-of-contents entry in a folder (`--tracks`, `--tracks-depth`).
    public var tracks: TracksStep.Request?
    /// The executable started as the worker (`render-chapter`); nil for this process's own.
    public var workerExecutable: String?
    /// Worker processes shared with other jobs running at the same time (a batch); nil for none.
    public var workerBudget: WorkerBudget?

    public init(bookPath: String, settings: ChapterSettings, folder: Folder = .namedAfterBook,
                selection: ChapterSelection? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                force: Bool = false, strict: Bool = false, sync: [SyncFormat] = [], epub: EPUB? = nil,
                matter: MatterSelection = .all, web: Bool = false, audiobook: AudiobookStep.Request? = nil,
                tracks: TracksStep.Request? = nil, workerExecutable: String? = nil) {
        self.audiobook = audiobook
        self.tracks = tracks
        self.bookPath = bookPath
        self.settings = settings
        self.folder = folder
        self.selection = selection
        self.jobs = jobs
        self.force = force
        self.strict = strict
        self.sync = sync
        self.epub = epub
        self.matter = matter
        self.web = web
        self.workerExecutable = workerExecutable
    }

    /// Whether the folder is removed at the end, so only the outputs remain.
    public var isTemporary: Bool { folder == .temporary }

    /// What the chapters are read with: the settings' narration and the matter selection.
    public var narrationOptions: NarrationOptions {
        var narration = settings.narrationOptions
        narration.matter = matter
        return narration
    }
}
