import Foundation

/// How a reader of our own files looks at a file before reading a byte of it:
/// the size of the regular file at a path (anything else refused), and the
/// memory the process may still use, which caps what it reads (`OwnFile`).
///
/// `foundation` asks `FileManager` and works on every platform; the renderer
/// passes its own (`stat(2)` and `/proc/meminfo`), which can name a FIFO or a
/// device in its message and knows the machine's free memory.
public struct FileAccess: Sendable {
    /// The size of the regular file at `path`, symbolic links followed;
    /// `OwnFileError` `.notFound`, `.unreadable` or `.notAFile` otherwise.
    public var regularFileSize: @Sendable (_ path: String) throws(OwnFileError) -> Int
    /// Bytes of memory the process may still use; nil when unknown.
    public var availableMemory: @Sendable () -> UInt64?

    public init(regularFileSize: @escaping @Sendable (_ path: String) throws(OwnFileError) -> Int,
                availableMemory: @escaping @Sendable () -> UInt64?) {
        self.regularFileSize = regularFileSize
        self.availableMemory = availableMemory
    }

    /// `FileManager`'s view: a regular file or a refusal, and no memory estimate
    /// (each kind of file is then capped at its `OwnFile.Limit.ceiling`).
    public static let foundation = FileAccess(regularFileSize: foundationSize, availableMemory: { nil })

    private static func foundationSize(_ path: String) throws(OwnFileError) -> Int {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        } catch {
            guard FileManager.default.fileExists(atPath: resolved) else { throw OwnFileError(.notFound, file: path, "no such file", cause: error) }
            throw OwnFileError(.unreadable, file: path, "cannot read the file", cause: error)
        }
        let type = attributes[.type] as? FileAttributeType
        guard type == .typeRegular else {
            throw OwnFileError(.notAFile, file: path, "not a regular file but \(describe(type))")
        }
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    /// `a folder`, `a socket` … as `FileManager` tells them apart (it has no name for a FIFO).
    private static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case .typeDirectory?: "a folder"
        case .typeCharacterSpecial?: "a character device"
        case .typeBlockSpecial?: "a block device"
        case .typeSocket?: "a socket"
        case .typeSymbolicLink?: "a symbolic link"
        default: "a special file"
        }
    }
}
