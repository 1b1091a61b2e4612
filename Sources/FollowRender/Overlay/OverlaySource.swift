import Foundation

/// The inputs of a media-overlay EPUB, opened: the book with its raw files and
/// package document, and the rendered folder's manifest.
struct OverlaySource {
    let archive: EPUBArchive
    let container: Container
    let manifest: BookManifest
    let renderedFolder: String
    /// The package document's raw markup.
    let package: RawXML
    /// Container paths of the book's existing SMIL documents, dropped from the copy.
    let oldOverlays: Set<String>

    var book: Book { archive.book }

    /// Whether the book arrives with media overlays of its own.
    var hasOverlays: Bool { !oldOverlays.isEmpty || book.manifest.contains { $0.mediaOverlay != nil } }

    /// The folder of the package document, with trailing slash, or "".
    var packageFolder: String { ContainerPath.directory(of: book.packagePath) }

    init(bookPath: String, input: InputOptions, renderedFolder: String) throws(OverlayError) {
        do {
            archive = try BookSource.open(path: bookPath, options: input)
            container = archive.container
            package = try RawXML(data: container.data(at: archive.book.packagePath), path: archive.book.packagePath)
        } catch let error as OverlayError {
            throw error
        } catch {
            throw OverlayError("\(bookPath): \(error)")
        }
        let manifestPath = renderedFolder + "/" + OutputNaming.manifestFile
        do {
            manifest = try JSONCoding.decode(BookManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        } catch {
            throw OverlayError("\(manifestPath): cannot read the rendered book: \(error.localizedDescription)")
        }
        if let problem = TimingValidation.problem(in: manifest) { throw OverlayError("\(manifestPath): \(problem)") }
        self.renderedFolder = renderedFolder
        oldOverlays = Set(archive.book.manifest.filter { $0.mediaType == PackageRewriter.smilMediaType }.map(\.path))
    }

    /// Bytes of a file of the rendered folder.
    func renderedFile(_ name: String) throws(OverlayError) -> Data {
        let path = renderedFolder + "/" + name
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OverlayError("\(path): cannot be read: \(error.localizedDescription)")
        }
    }

    /// Bytes of a file of the book.
    func bookFile(_ path: String) throws(OverlayError) -> Data {
        do {
            return try container.data(at: path)
        } catch {
            throw OverlayError(error.description)
        }
    }
}
