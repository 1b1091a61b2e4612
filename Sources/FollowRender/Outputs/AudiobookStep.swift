import Foundation

/// `--audiobook PATH` and `--library DIR`: the output step that packages the
/// rendered chapters into one file with chapters (`AudiobookPackager`),
/// records it in `book.json`, and lays it out for Audiobookshelf (`LibraryFolder`).
///
/// A rerun whose chapters are all unchanged keeps the file: `ChapterStage`
/// carries the `audiobook` object of `book.json` over only then, and the
/// packager keeps a file whose key still matches.
public struct AudiobookStep: OutputStep {
    /// What to write.
    public struct Request: Hashable, Sendable {
        /// The single file; nil with `--library` alone.
        public var path: String?
        /// The library root; nil without `--library`.
        public var library: String?

        public init(path: String?, library: String?) {
            self.path = path
            self.library = library
        }

        /// The single file's format: from `path`'s extension, M4B for `--library` alone.
        public var format: AudiobookFormat { path.flatMap { AudiobookFormat(path: $0) } ?? .m4b }

        /// Where the single file goes (absolute): `path`, or the library folder's audio file.
        public func singleFilePath(metadata: AudiobookMetadata) -> String {
            let chosen = path ?? library.map { LibraryFolder(root: $0, metadata: metadata).audioPath(format) } ?? ""
            return URL(fileURLWithPath: chosen).standardizedFileURL.path
        }
    }

    public var request: Request

    public init(_ request: Request) { self.request = request }

    public func write(_ context: RenderOutputContext) throws {
        let manifest = context.summary.manifest
        guard !manifest.chapters.isEmpty else { return }
        let metadata = context.audiobookMetadata
        let packager = AudiobookPackager(manifest: manifest, folder: context.folder, metadata: metadata)
        let shelf = request.library.map { LibraryFolder(root: $0, metadata: metadata) }
        let format = request.format
        do throws(RenderError) {
            if let shelf { try shelf.prepare() }
            let path = request.path ?? shelf?.audioPath(format) ?? ""
            let entry = try packager.write(to: path, previous: manifest.audiobook, cancellation: context.cancellation)
            try packager.placeSidecars(in: entry, file: path)
            try packager.record(entry)
            context.forgetRenderedBook()
            let marks = packager.marks(of: entry)
            if let shelf { try shelf.write(entry: entry, marks: marks, source: path) }
            let kept = manifest.audiobook?.key == entry.key ? " (unchanged, kept)"
                : context.summary.rendered.isEmpty ? "" : " (encoded while rendering)"
            context.wrote(request.path ?? shelf?.folder ?? path,
                          summary: "Audiobook: \(marks.count) chapters, \(entry.format.rawValue)\(kept)")
        } catch {
            if error.kind == .interrupted, let signal = context.cancellation.cancelledBy {
                throw RenderInterrupted(signal: signal, folder: context.folder, kept: manifest.chapters.count, cause: error)
            }
            throw error.naming(context.folder)
        }
    }
}
