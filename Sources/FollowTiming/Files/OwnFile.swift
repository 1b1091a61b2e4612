import Foundation

/// The one way a file follow-render wrote is read back (`book.json`, a timing
/// sidecar, a batch result): only a regular file, and only up to a size its
/// reader can hold. A damaged or hostile folder (a sparse `book.json` of a few
/// GB costs no disk; a FIFO never ends) is refused in one line before a byte
/// is read, instead of being read into memory until the process dies.
///
/// The cap is relative to what the reader can hold: a file is decoded into
/// values taking several times its size (`expansion`, measured: a 63 MB sidecar
/// peaks at 430 MB in `locate`), so the file may be at most the memory
/// available divided by that, and never more than `ceiling`.
public enum OwnFile {
    /// What a kind of file may be.
    public struct Limit: Sendable {
        /// The file's name in messages (`timing sidecar`).
        public var what: String
        /// The largest file read, whatever the memory.
        public var ceiling: Int
        /// Peak memory of decoding, per byte of the file.
        public var expansion: Int

        public init(what: String, ceiling: Int, expansion: Int) {
            self.what = what
            self.ceiling = ceiling
            self.expansion = expansion
        }

        /// `book.json`: 10,000 chapters (the most a book holds) take a few MB.
        public static let manifest = Limit(what: "book.json", ceiling: 64 << 20, expansion: 8)
        /// A timing sidecar: one chapter's text and about 45 bytes per word.
        public static let sidecar = Limit(what: "timing sidecar", ceiling: 1 << 30, expansion: 8)
        /// A batch's per-book result (`batch.json` entries): a few kB, its warnings included.
        public static let batchResult = Limit(what: "batch result", ceiling: 16 << 20, expansion: 8)

        /// The largest file read with `available` bytes of memory (nil: unknown).
        public func bytes(available: UInt64?) -> Int {
            guard let available else { return ceiling }
            return min(ceiling, Int(min(available / UInt64(expansion), UInt64(Int.max))))
        }
    }

    /// The contents of `path`, a regular file within `limit` of the memory `access` reports.
    public static func read(_ path: String, limit: Limit, access: FileAccess = .foundation) throws(OwnFileError) -> Data {
        try read(path, limit: limit, access: access, available: access.availableMemory())
    }

    /// The contents of `path`, a regular file within `limit` of `available` bytes of memory (nil: unknown).
    public static func read(_ path: String, limit: Limit, access: FileAccess = .foundation,
                            available: UInt64?) throws(OwnFileError) -> Data {
        let size = try access.regularFileSize(path), most = limit.bytes(available: available)
        guard size <= most else {
            throw OwnFileError(.tooLarge, file: path, "\(megabytes(size)) is larger than a \(limit.what) this program reads "
                + "(at most \(megabytes(most)) here)")
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw OwnFileError(.unreadable, file: path, "cannot read the file", cause: error)
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // No more than the cap, should the file grow meanwhile.
            data = try handle.read(upToCount: most + 1) ?? Data()
        } catch {
            throw OwnFileError(.unreadable, file: path, "cannot read the file", cause: error)
        }
        guard data.count <= most else { throw OwnFileError(.tooLarge, file: path, "grew past \(megabytes(most)) while read") }
        return data
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
