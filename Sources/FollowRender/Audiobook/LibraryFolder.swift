import Foundation

/// `--library DIR`: the audiobook where Audiobookshelf and similar servers
/// look for it, `DIR/<Author>/<Title>/<Title>.<ext>`, with `cover.jpg` (or
/// `.png`), `desc.txt`, `reader.txt`, `book.cue` and a `metadata.json` in
/// Audiobookshelf's own shape. Every name is made safe (`SafeName`).
public struct LibraryFolder: Sendable {
    public var root: String
    public var metadata: AudiobookMetadata

    public init(root: String, metadata: AudiobookMetadata) {
        self.root = root
        self.metadata = metadata
    }

    /// `DIR/<Author>/<Title>`.
    public var folder: String {
        let author = SafeName.file(metadata.authors.first ?? "", fallback: "Unknown Author")
        return root + "/" + author + "/" + SafeName.file(metadata.title, fallback: "Untitled")
    }

    /// Where the audio file goes for `format`.
    public func audioPath(_ format: AudiobookFormat) -> String {
        folder + "/" + SafeName.file(metadata.title, fallback: "Untitled") + "." + format.rawValue
    }

    /// The file that marks a book folder as follow-render's: only such a
    /// folder (or a new or empty one) is written into, so a user's own
    /// `desc.txt` or `metadata.json` in a folder of the same name survives.
    public static let marker = ".follow-render"

    /// The files written beside the audio (both cover names, one of which is).
    static let sideFiles = ["cover.jpg", "cover.png", "desc.txt", "reader.txt", CueSheet.fileName, "metadata.json", marker]

    /// Refuses, before any work, a book folder that exists and holds files but
    /// not the marker, or a path on the way to it that is not a folder.
    public func check() throws(OutputSafetyError) {
        var path = root
        for part in [""] + folder.dropFirst(root.count).split(separator: "/").map(String.init) {
            if !part.isEmpty { path += "/" + part }
            guard let identity = FileIdentity(path: path) else { return }
            guard identity.isFolder else {
                throw OutputSafetyError(.notAFolder, file: path, reason: "\(Setting.library) needs a folder here, not \(identity.kind)")
            }
        }
        try marked.checkMarked()
    }

    /// Creates the folder, marked as follow-render's.
    public func prepare() throws(RenderError) {
        try marked.create("the library folder", note: "This folder was made by follow-render, which replaces its files when the book is rendered again.\n",
                          check: check)
    }

    private var marked: MarkedFolder { MarkedFolder(path: folder, alternative: "\(Setting.library)") }

    /// Writes the side files for `entry`, whose chapter marks are `marks`; copies
    /// the audio from `source` (and writes its cue sheet) when it was written elsewhere.
    public func write(entry: AudiobookEntry, marks: [(title: String, start: Seconds, end: Seconds)], source: String) throws(RenderError) {
        let audio = audioPath(entry.format)
        if URL(fileURLWithPath: source).standardizedFileURL.path != URL(fileURLWithPath: audio).standardizedFileURL.path {
            try copy(source, to: audio)
            let cue = CueSheet(file: URL(fileURLWithPath: audio).lastPathComponent, format: entry.format, metadata: metadata,
                               chapters: marks.map { ($0.title, $0.start) })
            try cue.write(to: folder + "/" + CueSheet.fileName)
        }
        if let cover = metadata.cover { try save(cover, as: metadata.coverIsPNG ? "cover.png" : "cover.jpg") }
        try save(Data((metadata.description ?? "").utf8), as: "desc.txt")
        try save(Data(metadata.narrator.utf8), as: "reader.txt")
        let document = ShelfMetadata(
            tags: [],
            chapters: marks.enumerated().map { number, mark in
                .init(id: number, start: mark.start, end: mark.end, title: mark.title)
            },
            metadata: .init(title: metadata.title, subtitle: metadata.subtitle, authors: metadata.authors, narrators: [metadata.narrator],
                            series: [], genres: [metadata.genre], publishedYear: metadata.year, publisher: metadata.publisher,
                            description: metadata.description, isbn: metadata.isbn, language: metadata.language,
                            explicit: false, abridged: false))
        do {
            try save(JSONCoding.data(document, pretty: true), as: "metadata.json")
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.write, file: folder + "/metadata.json", "\(error)", cause: error)
        }
    }

    /// Writes `name` in the folder; `AtomicFile`'s error names the file, with its kind (`write`, `diskFull`).
    private func save(_ data: Data, as name: String) throws(RenderError) {
        try AtomicFile.write(data, to: folder + "/" + name)
    }

    /// Copies `source` to `path` under a temporary name, then renames it.
    private func copy(_ source: String, to path: String) throws(RenderError) {
        do {
            try AtomicFile.produce(at: path) { temporary in try FileManager.default.copyItem(atPath: source, toPath: temporary) }
        } catch {
            let posix = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            if posix == Int(ENOSPC) { throw RenderError.diskFull(file: path) }
            throw RenderError(.write, file: path, "cannot copy \(source): \((error as NSError).localizedDescription)", cause: error)
        }
    }
}

/// Audiobookshelf's `metadata.json`.
private struct ShelfMetadata: Codable {
    struct Chapter: Codable {
        var id: Int
        var start: Seconds
        var end: Seconds
        var title: String
    }

    struct Book: Codable {
        var title: String
        var subtitle: String?
        var authors: [String]
        var narrators: [String]
        var series: [String]
        var genres: [String]
        var publishedYear: String?
        var publisher: String?
        var description: String?
        var isbn: String?
        var language: String
        var explicit: Bool
        var abridged: Bool
    }

    var tags: [String]
    var chapters: [Chapter]
    var metadata: Book
}
