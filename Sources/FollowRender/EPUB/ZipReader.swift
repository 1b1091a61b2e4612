import CZip
import Foundation

/// A ZIP archive opened read-only with libzip, owning the `zip_t` and closing it on release.
///
/// Opening checks the whole central directory before anything is inflated:
/// entry names, duplicates, entry count, sizes and compression ratios.
final class ZipReader {
    /// What the central directory says about one file entry.
    struct Entry {
        var index: UInt64
        var name: String
        var size: UInt64
    }

    private let archive: OpaquePointer
    /// File entries (folders left out) in archive order.
    let entries: [Entry]

    /// Opens the archive at `path`, or, with `descriptor`, the file already open
    /// there (libzip gets a duplicate of it, so the file is not opened again).
    init(path: String, descriptor: Int32? = nil) throws(BookError) {
        var code: Int32 = 0
        let opened: OpaquePointer?
        if let descriptor {
            let duplicate = dup(descriptor)
            opened = duplicate < 0 ? nil : zip_fdopen(duplicate, ZIP_CHECKCONS, &code)
            if opened == nil, duplicate >= 0 { close(duplicate) }
            if duplicate < 0 { code = ZIP_ER_OPEN }
        } else {
            opened = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code)
        }
        guard let archive = opened else {
            if code == ZIP_ER_EXISTS { try Self.nameDuplicate(path: path) }
            throw BookError(code == ZIP_ER_NOZIP ? .notAnEPUB : .corrupt, Self.openFailure(code),
                            cause: CLibraryError(library: "libzip", code: Int(code), message: Self.message(for: code)))
        }
        self.archive = archive
        do {
            entries = try Self.checkedEntries(of: archive)
        } catch {
            zip_discard(archive)
            throw error
        }
    }

    deinit { zip_discard(archive) }

    /// The bytes of an entry, inflating at most its declared size (itself bounded).
    func data(of entry: Entry) throws(BookError) -> Data {
        guard entry.size <= ContainerLimits.maximumEntrySize else {
            throw BookError(.unsafe, file: entry.name, "\(entry.size) bytes uncompressed, beyond the \(ContainerLimits.maximumEntrySize)-byte limit")
        }
        let file = try ZipEntryFile(archive: archive, entry: entry)
        return try file.readAll()
    }

    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ZIP_ER_NOZIP: return "not a ZIP archive (an EPUB must be a ZIP file or an unpacked folder)"
        case ZIP_ER_INCONS: return "the ZIP archive is inconsistent (truncated or corrupt)"
        case ZIP_ER_EXISTS: return "the archive holds two entries with the same name"
        default: return "cannot open the ZIP archive: \(message(for: code))"
        }
    }

    /// Names the repeated entry libzip's consistency check found, by listing
    /// the archive leniently (that check throws on the first repeat).
    private static func nameDuplicate(path: String) throws(BookError) {
        var code: Int32 = 0
        guard let lenient = zip_open(path, ZIP_RDONLY, &code) else { return }
        defer { zip_discard(lenient) }
        _ = try checkedEntries(of: lenient)
    }

    static func message(for code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }

    private static func checkedEntries(of archive: OpaquePointer) throws(BookError) -> [Entry] {
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw BookError(.unreadable, "cannot list the ZIP archive") }
        guard count <= ContainerLimits.maximumEntries else {
            throw BookError(.unsafe, "the archive holds \(count) entries, beyond the limit of \(ContainerLimits.maximumEntries)")
        }
        var entries: [Entry] = []
        var names: Set<String> = []
        var total: UInt64 = 0
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            guard zip_stat_index(archive, index, 0, &stat) == 0, let rawName = stat.name else {
                throw BookError(.corrupt, "cannot read entry \(index) of the ZIP archive")
            }
            let name = String(cString: rawName)
            try ContainerPath.checkEntryName(name)
            guard names.insert(name).inserted else { throw BookError(.unsafe, file: name, "appears twice in the archive") }
            if name.hasSuffix("/") { continue }
            try checkKind(of: name, at: index, in: archive)
            guard stat.valid & UInt64(ZIP_STAT_SIZE) != 0, stat.valid & UInt64(ZIP_STAT_COMP_SIZE) != 0 else {
                throw BookError(.corrupt, file: name, "the archive does not state its size")
            }
            if stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0, stat.encryption_method != UInt16(ZIP_EM_NONE) {
                throw BookError(.unsafe, file: name, "protected by a ZIP password")
            }
            let ratio = stat.size / max(stat.comp_size, 1)
            if stat.size > ContainerLimits.ratioCheckThreshold, ratio > ContainerLimits.maximumCompressionRatio {
                throw BookError(.unsafe, file: name, "compression ratio \(ratio):1 is beyond the limit of \(ContainerLimits.maximumCompressionRatio):1 (ZIP bomb?)")
            }
            total += min(stat.size, ContainerLimits.maximumTotalSize + 1)
            guard total <= ContainerLimits.maximumTotalSize else {
                throw BookError(.unsafe, "the archive inflates to more than \(ContainerLimits.maximumTotalSize) bytes (ZIP bomb?)")
            }
            entries.append(Entry(index: index, name: name, size: stat.size))
        }
        return entries
    }

    /// Refuses symbolic links stored in the archive.
    private static func checkKind(of name: String, at index: UInt64, in archive: OpaquePointer) throws(BookError) {
        var system: UInt8 = 0
        var attributes: UInt32 = 0
        guard zip_file_get_external_attributes(archive, index, 0, &system, &attributes) == 0 else { return }
        let fileType = (attributes >> 16) & UInt32(S_IFMT)
        if UInt32(system) == ZIP_OPSYS_UNIX, fileType == UInt32(S_IFLNK) {
            throw BookError(.unsafe, file: name, "symbolic link in the archive")
        }
    }
}

/// One entry opened for reading, owning libzip's `zip_file_t`.
private struct ZipEntryFile: ~Copyable {
    private let file: OpaquePointer
    private let entry: ZipReader.Entry

    init(archive: OpaquePointer, entry: ZipReader.Entry) throws(BookError) {
        guard let file = zip_fopen_index(archive, entry.index, 0) else {
            let error = zip_get_error(archive), reason = String(cString: zip_error_strerror(error))
            throw BookError(.unreadable, file: entry.name, "cannot be read: \(reason)",
                            cause: CLibraryError(library: "libzip", code: Int(zip_error_code_zip(error)), message: reason))
        }
        self.file = file
        self.entry = entry
    }

    deinit { zip_fclose(file) }

    /// Reads the declared size and one byte more, so a lying header is caught, not obeyed.
    func readAll() throws(BookError) -> Data {
        let expected = Int(entry.size)
        var data = Data(count: expected + 1)
        var filled = 0
        while filled <= expected {
            let read = data.withUnsafeMutableBytes { buffer in
                zip_fread(file, buffer.baseAddress! + filled, UInt64(expected + 1 - filled))
            }
            if read < 0 {
                let reason = String(cString: zip_error_strerror(zip_file_get_error(file)))
                throw BookError(.corrupt, file: entry.name, "corrupt data in the archive: \(reason)")
            }
            if read == 0 { break }
            filled += Int(read)
        }
        guard filled == expected else {
            throw BookError(.corrupt, file: entry.name, "holds \(filled > expected ? "more" : "fewer") bytes than the archive states")
        }
        data.count = expected
        return data
    }
}
