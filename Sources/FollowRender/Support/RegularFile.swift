import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The file-type check made before a byte of a file is read: a FIFO never
/// ends (reading one given as a book, a lexicon or a cover hangs), a device
/// may never end, a folder is not a file. Everything that reads a path the
/// user named, or one of our own files, asks here first.
public enum RegularFile {
    /// The size of the regular file at `path` (symbolic links followed), as a
    /// book's file: a `BookError` `.notFound`, `.unreadable` or `.notAFile` otherwise.
    public static func size(of path: String) throws(BookError) -> Int {
        try inspect(path).mapError { BookError($0.kind.bookKind, file: path, $0.reason, cause: $0.cause) }.get()
    }

    /// The size of the regular file at `path`, as one of our own files: an
    /// `OwnFileError` `.notFound`, `.unreadable` or `.notAFile` otherwise.
    public static func ownFileSize(of path: String) throws(OwnFileError) -> Int {
        try inspect(path).mapError { OwnFileError($0.kind.ownFileKind, file: path, $0.reason, cause: $0.cause) }.get()
    }

    /// Why `stat(2)` refuses a path as a regular file, for `size` and `ownFileSize` to throw as their own error.
    private struct Refusal: Error {
        enum Kind {
            case notFound, unreadable, notAFile

            /// The same fault of a book's file.
            var bookKind: BookError.Kind {
                switch self {
                case .notFound: .notFound
                case .unreadable: .unreadable
                case .notAFile: .notAFile
                }
            }

            /// The same fault of one of our own files.
            var ownFileKind: OwnFileError.Kind {
                switch self {
                case .notFound: .notFound
                case .unreadable: .unreadable
                case .notAFile: .notAFile
                }
            }
        }
        var kind: Kind
        var reason: String
        /// The `errno` of the failed `stat(2)`, when it failed.
        var cause: POSIXError?
    }

    private static func inspect(_ path: String) -> Result<Int, Refusal> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno, cause = POSIXError.of(code)
            if code == ENOENT || code == ENOTDIR { return .failure(Refusal(kind: .notFound, reason: "no such file", cause: cause)) }
            return .failure(Refusal(kind: .unreadable, reason: "cannot read the file: \(String(cString: strerror(code)))", cause: cause))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Refusal(kind: .notAFile, reason: "not a regular file but \(FileKind(mode: info.st_mode))"))
        }
        return .success(Int(info.st_size))
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
    public static let system = FileAccess(regularFileSize: { path throws(OwnFileError) in try RegularFile.ownFileSize(of: path) },
                                          availableMemory: { JobsCap.systemAvailableBytes() })
}
