import Foundation

/// The inputs of a media-overlay EPUB, opened: the book with its raw files and
/// package document, and the rendered folder's manifest.
struct OverlaySource {
    let archive: EPUBArchive
    let manifest: BookManifest
    /// The rendered folder, its manifest and sidecars as read once for all outputs.
    let rendered: RenderedBook
    /// The package document's raw markup.
    let package: RawXML
    /// Container paths of the book's existing SMIL documents, dropped from the copy.
    let oldOverlays: Set<String>

    var book: Book { archive.book }
    var renderedFolder: String { rendered.folder }

    /// Whether the book arrives with media overlays of its own.
    var hasOverlays: Bool { !oldOverlays.isEmpty || book.manifest.contains { $0.mediaOverlay != nil } }

    /// The folder of the package document, with trailing slash, or "".
    var packageFolder: String { ContainerPath.directory(of: book.packagePath) }

    /// Opens the book and reads the rendered folder (for the writer used on its own).
    init(bookPath: String, input: InputOptions, renderedFolder: String) throws(RenderError) {
        let archive: EPUBArchive
        do {
            archive = try BookSource.open(path: bookPath, options: input)
        } catch {
            throw RenderError(.overlay, file: bookPath, "\(error)", cause: error)
        }
        let rendered: RenderedBook
        do {
            rendered = try OwnFiles.load(renderedFolder)
        } catch {
            throw RenderError(.overlay, file: error.file, "cannot read the rendered book: \(error.reason)", cause: error)
        }
        try self.init(archive: archive, rendered: rendered)
    }

    /// The book as opened once by the render, and the rendered folder as loaded once.
    init(archive: EPUBArchive, rendered: RenderedBook) throws(RenderError) {
        guard let manifest = rendered.manifest else {
            throw RenderError(.overlay, file: rendered.folder, "not a rendered folder (no \(OutputNaming.manifestFile))")
        }
        self.archive = archive
        self.manifest = manifest
        self.rendered = rendered
        package = try RawXML(data: Self.data(archive, archive.book.packagePath), path: archive.book.packagePath)
        oldOverlays = Set(archive.book.manifest.filter { $0.mediaType == PackageRewriter.smilMediaType }.map(\.path))
    }

    /// Bytes of a file of the book.
    func bookFile(_ path: String) throws(RenderError) -> Data {
        try Self.data(archive, path)
    }

    private static func data(_ archive: EPUBArchive, _ path: String) throws(RenderError) -> Data {
        do {
            return try archive.data(at: path)
        } catch {
            throw RenderError(.overlay, file: error.file, error.reason, cause: error)
        }
    }
}
