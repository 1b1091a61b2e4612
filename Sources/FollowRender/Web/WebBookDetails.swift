import Foundation

/// What the source book adds to a rendered folder's web pages: the book's
/// identifier (the key of saved positions), its cover, and each chapter's
/// paragraphs and headings, which the sidecars do not record.
public struct WebBookDetails: Sendable {
    /// The cover image, written beside the pages as `cover.EXT`.
    public struct Cover: Hashable, Sendable {
        public var data: Data
        public var mediaType: String

        public init(data: Data, mediaType: String) {
            self.data = data
            self.mediaType = mediaType
        }

        /// The file name in the rendered folder, or nil for a type browsers do
        /// not show and for SVG, which is never written as a file (it could run script).
        var fileName: String? {
            Self.extensions[mediaType].map { "cover." + $0 }
        }

        private static let extensions = ["image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp"]

        /// Every name a cover may be written under.
        static var fileNames: [String] { extensions.values.sorted().map { "cover." + $0 } }
    }

    /// One reading of a chapter: its narration text and the paragraphs in it.
    public struct Reading: Hashable, Sendable {
        public var text: String
        public var paragraphs: [Paragraph]

        public init(text: String, paragraphs: [Paragraph]) {
            self.text = text
            self.paragraphs = paragraphs
        }
    }

    /// The package's unique identifier (`dc:identifier`).
    public var identifier: String
    public var cover: Cover?
    /// Readings of each chapter by spine index; a sidecar takes the one with exactly its text.
    public var readings: [Int: [Reading]]

    public init(identifier: String, cover: Cover?, readings: [Int: [Reading]]) {
        self.identifier = identifier
        self.cover = cover
        self.readings = readings
    }

    /// The details of a book already opened and read (as `render --web` has it).
    public init(archive: EPUBArchive, chapters: [Chapter]) {
        let metadata = archive.book.metadata
        identifier = metadata.identifier
        cover = metadata.coverPath.flatMap { path -> Cover? in
            guard let type = archive.book.manifest.first(where: { $0.path == path })?.mediaType,
                  let data = try? archive.data(at: path) else { return nil }
            return Cover(data: data, mediaType: type)
        }
        readings = [:]
        add(chapters)
    }

    /// Opens and reads the book at `path`, without and with notes: the folder
    /// does not say which the render used, so each sidecar picks the reading
    /// whose text it has.
    /// A text, Markdown or PDF book is read with `input`, as it was rendered.
    public static func read(book path: String, input: InputOptions = InputOptions()) throws(RenderError) -> WebBookDetails {
        let archive: EPUBArchive
        do {
            archive = try BookSource.open(path: path, options: input)
        } catch {
            throw RenderError(.unreadableInput, file: path, String(describing: error), cause: error)
        }
        var details = WebBookDetails(archive: archive, chapters: ChapterReader(archive: archive).read().chapters)
        details.add(ChapterReader(archive: archive, options: NarrationOptions(includeNotes: true)).read().chapters)
        return details
    }

    /// The paragraphs of the chapter whose sidecar is `timing`, if the book has exactly its text.
    func paragraphs(for timing: ChapterTiming) -> [Paragraph]? {
        readings[timing.chapter.index]?.first { $0.text == timing.text }?.paragraphs
    }

    private mutating func add(_ chapters: [Chapter]) {
        for chapter in chapters {
            readings[chapter.index, default: []].append(Reading(text: chapter.text.text, paragraphs: chapter.text.paragraphs))
        }
    }
}
