/// `--web`: writes the web player (`index.html` and a page per chapter) into
/// the rendered folder, with the paragraphs, headings, cover and identifier of
/// the book as the render read it.
public struct WebPlayerStep: OutputStep {
    public init() {}

    public func write(_ context: RenderOutputContext) throws {
        let details = WebBookDetails(archive: context.archive, chapters: context.chapters)
        let summary: WebPlayer.Summary
        do {
            summary = try WebPlayer(folder: context.folder, details: details).write()
        } catch {
            throw error.naming(context.folder)
        }
        if let warning = summary.pausesWarning(bookKnown: true) { context.warn(.pauses, warning) }
        context.wrote(context.folder + "/index.html", summary: "Web player: \(summary.pages.count) pages")
    }
}
