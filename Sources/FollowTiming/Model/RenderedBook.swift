import Foundation

/// The timing of a render loaded from disk: a rendered folder (`book.json` and
/// the sidecars it names) or a single `NNN-slug.timing.json` sidecar.
///
/// This is what position lookups, `diff` and the sync exports read, so they work
/// on exactly the files a player gets.
public struct RenderedBook: Hashable, Sendable {
    /// The manifest, or nil when a single sidecar was loaded.
    public var manifest: BookManifest?
    /// The sidecars, in the manifest's order.
    public var chapters: [ChapterTiming]
    /// The folder the sidecars (and audio files) are in.
    public var folder: String

    public init(manifest: BookManifest?, chapters: [ChapterTiming], folder: String) {
        self.manifest = manifest
        self.chapters = chapters
        self.folder = folder
    }

    /// Loads `path`: a folder with `book.json`, or a sidecar file, each file
    /// looked at through `access` before it is read (`OwnFile`).
    public static func load(_ path: String, access: FileAccess = .foundation) throws(OwnFileError) -> RenderedBook {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw OwnFileError(.notFound, file: path, "no such file or folder", cause: POSIXError(.ENOENT))
        }
        if isFolder.boolValue { return try loadFolder(path, access: access) }
        let timing = try timing(at: path, access: access)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return RenderedBook(manifest: nil, chapters: [timing], folder: folder)
    }

    /// The sidecar of the chapter at spine position `index`, if it was rendered.
    public func chapter(_ index: Int) -> ChapterTiming? {
        chapters.first { $0.chapter.index == index }
    }

    /// The `book.json` of a rendered folder, checked for its format and version;
    /// the one place that file is read.
    public static func manifest(in folder: String, access: FileAccess = .foundation) throws(OwnFileError) -> BookManifest {
        let path = folder + "/" + OutputNaming.manifestFile
        let manifest = try decode(BookManifest.self, from: path, limit: .manifest, access: access)
        try checkHeader(format: manifest.format, version: manifest.version, of: path, as: "book.json",
                        expected: BookManifest.formatName, current: BookManifest.currentVersion)
        if let problem = TimingValidation.problem(in: manifest) { throw OwnFileError(.invalid, file: path, problem) }
        return manifest
    }

    private static func loadFolder(_ folder: String, access: FileAccess) throws(OwnFileError) -> RenderedBook {
        let manifest = try manifest(in: folder, access: access)
        var chapters: [ChapterTiming] = []
        for entry in manifest.chapters {
            let sidecar = folder + "/" + entry.timing
            let timing = try timing(at: sidecar, access: access)
            guard timing.chapter.index == entry.index else {
                throw OwnFileError(.mismatch, file: sidecar, "is chapter \(timing.chapter.index), book.json says \(entry.index)")
            }
            if let start = timing.audio.start {
                let listed = manifest.audiobook?.chapters.first { $0.index == entry.index }?.start
                guard listed?.milliseconds == start.milliseconds else {
                    throw OwnFileError(.mismatch, file: sidecar, "names a single file that book.json does not list at its start "
                                        + "(the render's audiobook was not finished: run the render again)")
                }
            }
            chapters.append(timing)
        }
        return RenderedBook(manifest: manifest, chapters: chapters, folder: folder)
    }

    /// The sidecar at `path`, checked for its format, version and soundness.
    public static func timing(at path: String, access: FileAccess = .foundation) throws(OwnFileError) -> ChapterTiming {
        let timing = try decode(ChapterTiming.self, from: path, limit: .sidecar, access: access)
        try checkHeader(format: timing.format, version: timing.version, of: path, as: "timing sidecar",
                        expected: ChapterTiming.formatName, current: ChapterTiming.currentVersion)
        if let problem = TimingValidation.problem(in: timing) { throw OwnFileError(.invalid, file: path, problem) }
        return timing
    }

    /// A decoded file's `format` must be ours (`what` names the file in the message)
    /// and its `version` one this program reads.
    private static func checkHeader(format: String, version: Int, of path: String, as what: String,
                                    expected: String, current: Int) throws(OwnFileError) {
        guard format == expected else {
            throw OwnFileError(.wrongFormat, file: path, "not a follow-render \(what) (format \(TerminalText.quoted(format)))")
        }
        guard version <= current else {
            throw OwnFileError(.newerVersion, file: path, "version \(version) is newer than this program reads (\(current))")
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, from path: String, limit: OwnFile.Limit,
                                             access: FileAccess) throws(OwnFileError) -> T {
        let data = try OwnFile.read(path, limit: limit, access: access)
        do {
            return try JSONCoding.decode(type, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw OwnFileError(.missingField, file: path, location: jsonPath(context, key), "missing '\(key.stringValue)'" + location(context),
                               cause: DecodingError.keyNotFound(key, context))
        } catch let error as DecodingError {
            switch error {
            case let .typeMismatch(_, context):
                throw OwnFileError(.wrongType, file: path, location: jsonPath(context), "wrong type" + location(context), cause: error)
            case let .valueNotFound(_, context):
                throw OwnFileError(.missingField, file: path, location: jsonPath(context), "missing value" + location(context), cause: error)
            default:
                throw OwnFileError(.notJSON, file: path, "not valid JSON", cause: error)
            }
        } catch {
            throw OwnFileError(.notJSON, file: path, "not valid JSON", cause: error)
        }
    }

    /// ` at chapters[2].duration` for a decoding error's path.
    private static func location(_ context: DecodingError.Context) -> String {
        jsonPath(context).map { " at \($0)" } ?? ""
    }

    /// `chapters[2].duration` for a decoding error's path (and `key`, the missing one); nil at the top.
    private static func jsonPath(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String? {
        let parts = (context.codingPath + [key].compactMap { $0 }).map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }
        let path = String(parts.joined().drop { $0 == "." })
        return path.isEmpty ? nil : path
    }
}
