import Foundation

/// The renderer's one way to read its own files back (`book.json`, timing
/// sidecars, batch results, cast files): FollowTiming's readers, given the
/// renderer's look at files, `FileAccess.system` (`stat(2)`, which names a FIFO
/// or a device, and the memory the process may still use, which caps what is
/// read). FollowTiming defaults to `FileManager`'s look, for reading apps.
public enum OwnFiles {
    /// A rendered folder, or one sidecar (`RenderedBook.load`).
    public static func load(_ path: String) throws(OwnFileError) -> RenderedBook {
        try RenderedBook.load(path, access: .system)
    }

    /// A rendered folder's `book.json` (`RenderedBook.manifest`).
    public static func manifest(in folder: String) throws(OwnFileError) -> BookManifest {
        try RenderedBook.manifest(in: folder, access: .system)
    }

    /// One timing sidecar (`RenderedBook.timing`).
    public static func timing(at path: String) throws(OwnFileError) -> ChapterTiming {
        try RenderedBook.timing(at: path, access: .system)
    }

    /// The bytes of one of our files, within `limit` (`OwnFile.read`).
    public static func read(_ path: String, limit: OwnFile.Limit) throws(OwnFileError) -> Data {
        try OwnFile.read(path, limit: limit, access: .system)
    }
}
