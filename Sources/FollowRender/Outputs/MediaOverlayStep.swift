/// `--epub`: writes a copy of the book with the narration as EPUB 3 Media
/// Overlays, and gives the sync exports the ids of the sentences in it.
public struct MediaOverlayStep: OutputStep {
    public var epub: BookRenderOptions.EPUB

    public init(_ epub: BookRenderOptions.EPUB) { self.epub = epub }

    public func write(_ context: RenderOutputContext) throws {
        guard !context.summary.manifest.chapters.isEmpty else { return }
        let writer = MediaOverlayWriter(bookPath: context.options.bookPath, renderedFolder: context.folder,
                                        narration: context.settings.narrationOptions, granularity: epub.granularity,
                                        input: context.settings.input)
        let summary: MediaOverlaySummary
        do {
            summary = try writer.write(to: epub.path, archive: context.archive, rendered: context.renderedBook(),
                                       chapters: context.chapters)
        } catch {
            throw ReportedError.of(error, for: epub.path, otherwise: .overlay)
        }
        for warning in summary.warnings { context.warn(.overlay, warning) }
        context.wrote(epub.path, summary: "Media overlays: \(summary.chapters.count) chapter\(summary.chapters.count == 1 ? "" : "s"), "
            + "\(summary.fragments) \(epub.granularity.rawValue) fragments")
        context.guidedNavigation = summary.guidedNavigation
    }
}
