/// One output a `BookRenderJob` writes after the chapters are rendered, from the
/// rendered folder: the media-overlay EPUB, the `--sync` exports, and every
/// later output (an audiobook file, web pages …) as one more step.
///
/// Steps run in order on the job's thread; a step that throws stops the job
/// with that error (its own `RenderError` … naming the file it could not write, `ReportedError`).
public protocol OutputStep: Sendable {
    func write(_ context: RenderOutputContext) throws
}

/// What an output step is given: the opened book, its chapters as read for the
/// render, the rendered folder, the settings, and a sink for warnings and reports.
public final class RenderOutputContext {
    public let options: BookRenderOptions
    /// The book, opened once for the whole job.
    public let archive: EPUBArchive
    /// Every narrated chapter, as the render read it.
    public let chapters: [Chapter]
    /// What the render did: the folder, its manifest, which chapters were synthesized.
    public let summary: ChapterStageSummary
    /// Guided Navigation `textref`s for the sync exports: the chapter hrefs, or
    /// the sentences' ids in the EPUB once the media-overlay step has written it.
    public var guidedNavigation = GuidedNavigationExporter()
    /// The job's cancellation (SIGINT, SIGTERM), for steps long enough to check it.
    public let cancellation: RenderCancellation

    private let emit: @Sendable (BookRenderEvent) -> Void
    private var loaded: RenderedBook?

    init(options: BookRenderOptions, archive: EPUBArchive, chapters: [Chapter], summary: ChapterStageSummary,
         cancellation: RenderCancellation = RenderCancellation(), emit: @escaping @Sendable (BookRenderEvent) -> Void) {
        self.cancellation = cancellation
        self.options = options
        self.archive = archive
        self.chapters = chapters
        self.summary = summary
        self.emit = emit
    }

    public var book: Book { archive.book }
    public var settings: ChapterSettings { options.settings }
    /// Absolute path of the rendered folder.
    public var folder: String { summary.folder }
    /// The book's tags for a single file or tracks: title, authors, cover, and
    /// the rendered voices as narrator.
    public var audiobookMetadata: AudiobookMetadata {
        AudiobookMetadata(book: book, archive: archive, narrator: summary.manifest.voiceDescription)
    }

    /// The rendered folder read back (`book.json` and every sidecar), loaded once for all steps.
    public func renderedBook() throws(OwnFileError) -> RenderedBook {
        if let loaded { return loaded }
        let book = try OwnFiles.load(folder)
        loaded = book
        return book
    }

    /// Drops the loaded folder, so the next `renderedBook()` reads it again (after a step rewrote `book.json` or sidecars).
    func forgetRenderedBook() { loaded = nil }

    /// Reports a recoverable fault of the book, as one warning line naming it.
    /// Output steps only leave things out of what they write: a `notice`.
    public func warn(_ kind: RenderWarning.Kind, _ message: String) {
        emit(.warning(RenderWarning(kind, severity: .notice, file: options.bookPath, message: message)))
    }

    /// Reports a written output: one summary line and its path.
    public func wrote(_ path: String, summary: String) {
        emit(.wrote(summary: summary, path: path))
    }
}
