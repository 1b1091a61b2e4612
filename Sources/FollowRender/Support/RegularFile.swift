import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The file-type check made before a byte of a file is read: a FIFO never
/// ends (reading one given as a book, a lexicon or a cover hangs), a device
/// may never end, a folder is not a file. Everything that reads a path the
/// user named, or one of our own files, asks here first.
public enum RegularFile {
    /// The size of the regular file at `path` (symbolic links followed).
    public static func size(of path: String) throws(BookError) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw BookError(.notFound, file: path, "no such file") }
            throw BookError(.unreadable, file: path, "cannot read the file: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw BookError(.notAFile, file: path, "not a regular file but \(FileKind(mode: info.st_mode))")
        }
        return Int(info.st_size)
    }

    /// What is at `path`, without following a last symbolic link; nil when nothing is.
    static func kind(at path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }
}

/// What a path is, for messages and checks: `a FIFO`, `a folder` …
struct FileKind: CustomStringConvertible, Hashable, Sendable {
    var mode: mode_t

    var isRegular: Bool { mode & S_IFMT == S_IFREG }
    var isFolder: Bool { mode & S_IFMT == S_IFDIR }

    var description: String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}

extension FileAccess {
    /// The renderer's look at its own files: `stat(2)`, which names a FIFO or a
    /// device in its refusal, and the memory `JobsCap` finds, which caps what is read.
    public static let system = FileAccess(regularFileSize: { path throws(BookError) in try RegularFile.size(of: path) },
                                          availableMemory: { JobsCap.systemAvailableBytes() })
}
