import CZip
import Foundation

/// Writes a ZIP archive with libzip, e.g. an EPUB produced by follow-render.
///
/// EPUB's `mimetype` must be the first entry and stored uncompressed, so it is
/// refused anywhere else and never deflated. Entries carry a fixed modification
/// time, so the same content always gives the same bytes. Nothing is written
/// until `close()`; releasing the writer without closing it discards everything.
public final class ZipWriter {
    /// The fixed entry time: 2020-01-01 00:00:00 UTC.
    private static let modificationTime: time_t = 1_577_836_800

    private let archive: OpaquePointer
    private let path: String
    private var names: Set<String> = []
    private var isClosed = false

    /// Prepares to write a new archive at `path`, replacing any file there on `close()`.
    public init(path: String) throws(RenderError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw RenderError(.write, "cannot create \(path): \(ZipReader.message(for: code))")
        }
        self.archive = archive
        self.path = path
    }

    deinit {
        if !isClosed { zip_discard(archive) }
    }

    /// Adds a file; `compress` asks for deflate (ignored for `mimetype`, always stored).
    public func add(path name: String, data: Data, compress: Bool) throws(RenderError) {
        try checkNew(name)
        let buffer = malloc(max(data.count, 1))!
        data.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: data.count)
        guard let source = zip_source_buffer(archive, buffer, UInt64(data.count), 1) else {
            free(buffer)
            throw RenderError(.write, file: name, "\(lastError)")
        }
        try add(source, as: name, compress: compress)
    }

    /// Adds the file at `file` on disk, read only when the archive is written,
    /// so large files (audio) never have to be held in memory.
    public func add(path name: String, file: String, compress: Bool) throws(RenderError) {
        try checkNew(name)
        guard FileManager.default.isReadableFile(atPath: file) else { throw RenderError(.write, file: file, "cannot be read") }
        guard let source = zip_source_file(archive, file, 0, -1) else {
            throw RenderError(.write, file: name, "\(lastError)")
        }
        try add(source, as: name, compress: compress)
    }

    private func checkNew(_ name: String) throws(RenderError) {
        guard !isClosed else { throw RenderError(.write, file: name, "the archive is already closed") }
        do {
            try ContainerPath.checkEntryName(name)
        } catch {
            throw RenderError(.write, file: error.file, error.reason, cause: error)
        }
        if name == "mimetype", !names.isEmpty {
            throw RenderError(.write, "mimetype: must be the first entry of an EPUB")
        }
        guard names.insert(name).inserted else { throw RenderError(.write, file: name, "added twice") }
    }

    private func add(_ source: OpaquePointer, as name: String, compress: Bool) throws(RenderError) {
        let index = zip_file_add(archive, name, source, ZIP_FL_ENC_UTF_8)
        guard index >= 0 else {
            zip_source_free(source)
            throw RenderError(.write, file: name, "\(lastError)")
        }
        let method = compress && name != "mimetype" ? ZIP_CM_DEFLATE : ZIP_CM_STORE
        guard zip_set_file_compression(archive, UInt64(index), method, 0) == 0,
              zip_file_set_mtime(archive, UInt64(index), Self.modificationTime, 0) == 0 else {
            throw RenderError(.write, file: name, "\(lastError)")
        }
    }

    /// Writes the archive to disk.
    public func close() throws(RenderError) {
        guard !isClosed else { return }
        guard zip_close(archive) == 0 else {
            throw RenderError(.write, "cannot write \(path): \(lastError)")
        }
        isClosed = true
    }

    private var lastError: String { String(cString: zip_error_strerror(zip_get_error(archive))) }
}
