import Foundation

/// The files of a book, from a ZIP archive or an unpacked folder, by container path.
///
/// Only files listed when the container was opened can be read, so a path can
/// never reach outside it.
final class Container {
    private enum Storage {
        case zip(ZipReader, [String: ZipReader.Entry])
        case folder(FolderReader)
        /// A book built in memory from another format (`Input/`).
        case memory([String: Data])
    }

    private let storage: Storage
    /// Container paths of all files, in archive (or sorted folder) order.
    let paths: [String]
    private let pathSet: Set<String>

    /// Opens the ZIP file or folder at `path`; a ZIP file already open as `file` is read through it.
    init(path: String, file: BookFile? = nil) throws(BookError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw errno == ENOENT ? BookError(.notFound, "no such file or folder")
                : BookError(.unreadable, "cannot be read: \(String(cString: strerror(errno)))", cause: POSIXError.current)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let folder = try FolderReader(root: path)
            storage = .folder(folder)
            paths = folder.paths
        case S_IFREG:
            let zip = try ZipReader(path: path, descriptor: file?.descriptor)
            storage = .zip(zip, Dictionary(zip.entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
            paths = zip.entries.map(\.name)
        default:
            throw BookError(.notAnEPUB, "neither a file nor a folder")
        }
        pathSet = Set(paths)
    }

    /// A container over files held in memory, in the given order.
    init(files: [(path: String, data: Data)]) {
        storage = .memory(Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first }))
        paths = files.map(\.path)
        pathSet = Set(paths)
    }

    func contains(_ path: String) -> Bool { pathSet.contains(path) }

    /// The size of the file at a container path (uncompressed), without reading it; nil when it is not in the book.
    func size(of path: String) -> Int? {
        guard pathSet.contains(path) else { return nil }
        switch storage {
        case .zip(_, let entries): return entries[path].map { Int(clamping: $0.size) }
        case .folder(let folder): return folder.size(of: path)
        case .memory(let files): return files[path]?.count
        }
    }

    /// The bytes of the file at a container path.
    func data(at path: String) throws(BookError) -> Data {
        switch storage {
        case .zip(let zip, let entries):
            guard let entry = entries[path] else { throw BookError(.missing, file: path, "not in the book") }
            return try zip.data(of: entry)
        case .folder(let folder):
            guard pathSet.contains(path) else { throw BookError(.missing, file: path, "not in the book") }
            return try folder.data(at: path)
        case .memory(let files):
            guard let data = files[path] else { throw BookError(.missing, file: path, "not in the book") }
            return data
        }
    }
}

extension Container {
    /// Parses the XML file at a container path; malformed XML is named with file and line.
    func xml(at path: String) throws(BookError) -> XMLDocument {
        try XMLDocument(data: data(at: path), path: path)
    }
}
