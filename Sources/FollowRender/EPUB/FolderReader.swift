import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An unpacked EPUB folder, listed once with the same limits as a ZIP archive.
///
/// Symbolic links and special files are refused: they could point outside the book.
struct FolderReader {
    private let root: String
    /// Container paths of the regular files, sorted.
    let paths: [String]

    init(root: String) throws(BookError) {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        var found: [String] = []
        var total: UInt64 = 0
        try Self.walk(root: self.root, relative: "", into: &found, total: &total)
        paths = found.sorted()
    }

    /// The bytes of a listed file, refusing one that became a link or grew past the limit.
    /// The size of a file of the folder, by container path.
    func size(of path: String) -> Int? {
        var info = stat()
        guard lstat(root + "/" + path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    func data(at path: String) throws(BookError) -> Data {
        let descriptor = open(root + "/" + path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BookError(.unreadable, file: path, "cannot be read: \(String(cString: strerror(errno)))", cause: POSIXError.current)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let limit = Int(ContainerLimits.maximumEntrySize)
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw BookError(.unreadable, file: path, "cannot be read: \(error.localizedDescription)", cause: error)
        }
        guard data.count <= limit else {
            throw BookError(.unsafe, file: path, "larger than the \(limit)-byte limit")
        }
        return data
    }

    private static func walk(root: String, relative: String, into found: inout [String], total: inout UInt64) throws(BookError) {
        let directory = relative.isEmpty ? root : root + "/" + relative
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw BookError(.unreadable, "\(relative.isEmpty ? "." : relative): cannot list the folder", cause: error)
        }
        for name in names {
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else {
                throw BookError(.unreadable, file: path, "cannot be read: \(String(cString: strerror(errno)))", cause: POSIXError.current)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                try walk(root: root, relative: path, into: &found, total: &total)
            case S_IFREG:
                found.append(path)
                guard found.count <= ContainerLimits.maximumEntries else {
                    throw BookError(.unsafe, "the folder holds more than \(ContainerLimits.maximumEntries) files")
                }
                total += UInt64(info.st_size)
                guard total <= ContainerLimits.maximumTotalSize else {
                    throw BookError(.unsafe, "the folder holds more than \(ContainerLimits.maximumTotalSize) bytes")
                }
            case S_IFLNK:
                throw BookError(.unsafe, file: path, "symbolic link in the book folder")
            default:
                throw BookError(.unsafe, file: path, "not a regular file")
            }
        }
    }
}
