import Foundation

/// An opened EPUB (zipped .epub file or unpacked folder): the parsed Book plus access to its resources.
///
/// Reading is lenient like a good reading system: recoverable faults become
/// `warnings`, and only a book with nothing sensible to read throws. Hostile
/// archives (escaping paths, links, ZIP bombs, DRM) are refused before any
/// content is inflated. Not Sendable: each worker opens its own.
public final class EPUBArchive {
    private static let mimetype = "application/epub+zip"

    /// The book, fully filled in: metadata, manifest, spine with TOC titles, TOC.
    public let book: Book
    /// One per recoverable fault, naming the file and the fault.
    public let warnings: [BookWarning]
    /// How a book in another format was read (`Input/`); nil for an EPUB.
    public let input: InputReport?
    let container: Container

    /// Opens and reads the EPUB at `path`; errors are one line, without `path`.
    /// Other formats are opened with `BookSource.open`.
    public convenience init(path: String) throws(BookError) {
        let fallbackTitle = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        try self.init(container: Container(path: path), fallbackTitle: fallbackTitle, warnings: [], input: nil)
    }

    /// Reads the EPUB in `container`, after `warnings` found while building it.
    init(container: Container, fallbackTitle: String, warnings: [BookWarning], input: InputReport?) throws(BookError) {
        var warnings = warnings
        try Self.checkMimetype(in: container, warnings: &warnings)
        warnings += ContainerAudit.metaInfWarnings(in: container)
        let packagePath = try ContainerDocument.packagePath(in: container, warnings: &warnings)
        var package = try PackageDocument(
            container: container, path: packagePath, fallbackTitle: fallbackTitle, warnings: &warnings
        )
        if package.spine.contains(where: { $0.path == packagePath }) {
            warnings.append(BookWarning("\(packagePath): the package document is listed in the spine as a content document; it is not narrated"))
            package.spine.removeAll { $0.path == packagePath }
        }
        try Self.checkEncryption(in: container, spine: package.spine, warnings: &warnings)
        warnings += ContainerAudit.mediaTypeWarnings(manifest: package.manifest, container: container)
        let (toc, tocDocument) = TableOfContents.read(
            navigationPath: package.navigationPath, ncxPath: package.ncxPath,
            container: container, warnings: &warnings
        )
        let titles = TableOfContents.firstTitles(in: toc)
        for index in package.spine.indices {
            package.spine[index].tocTitle = titles[package.spine[index].path]
            package.spine[index].sourceHref = input?.sourceHrefs[package.spine[index].path]
        }
        self.container = container
        self.warnings = warnings
        self.input = input
        book = Book(
            metadata: package.metadata, packagePath: packagePath,
            manifest: package.manifest, spine: package.spine, toc: toc, tocDocument: tocDocument,
            landmarks: LandmarkReader.read(container: container, packagePath: packagePath, navigationPath: package.navigationPath)
        )
    }

    /// Bytes of a resource by container path (as in Book: resolved, percent-decoded, no fragment).
    ///
    /// Obfuscated fonts come back as stored (still obfuscated).
    public func data(at path: String) throws(BookError) -> Data {
        try container.data(at: path)
    }

    /// The size of a resource by container path, without reading it; nil when it is not in the book.
    public func size(of path: String) -> Int? {
        container.size(of: path)
    }

    /// Every file of the book by container path, in archive (or folder listing) order.
    var paths: [String] { container.paths }

    private static func checkMimetype(in container: Container, warnings: inout [BookWarning]) throws(BookError) {
        guard container.contains("mimetype") else {
            warnings.append(BookWarning("mimetype: missing"))
            return
        }
        let value = String(decoding: try container.data(at: "mimetype"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if value != mimetype {
            warnings.append(BookWarning("mimetype: is '\(value.prefix(80))', expected '\(mimetype)'"))
        }
    }

    /// Refuses a book whose spine has encrypted documents; font obfuscation is fine.
    private static func checkEncryption(in container: Container, spine: [SpineItem], warnings: inout [BookWarning]) throws(BookError) {
        guard container.contains(EncryptionDocument.path),
              // Unparsable, it is reported by `ContainerAudit` and read as encrypting nothing.
              let encryption = try? EncryptionDocument(data: container.data(at: EncryptionDocument.path)) else { return }
        let spinePaths = Set(spine.map(\.path))
        for (path, algorithm) in encryption.algorithms.sorted(by: { $0.key < $1.key })
        where !EncryptionDocument.fontObfuscation.contains(algorithm) {
            if spinePaths.contains(path) {
                throw BookError(.drm, "DRM-protected: \(path) is encrypted (\(algorithm))")
            }
            warnings.append(BookWarning("\(path): encrypted (\(algorithm)); it cannot be read"))
        }
    }
}
