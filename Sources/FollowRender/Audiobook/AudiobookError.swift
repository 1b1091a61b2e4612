import CFFmpeg
import Foundation

/// Why the single-file audiobook (or its cue sheet or library folder) could not
/// be written: a kind tests can match, the file, and the cause, as one line.
public struct AudiobookError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, independent of the wording.
    public enum Kind: String, Hashable, Sendable {
        /// The path's extension names no format this program writes.
        case unsupportedFormat
        /// A rendered chapter's audio cannot be read or decoded.
        case unreadableChapter
        /// The rendered folder has no chapter to package.
        case noChapters
        /// An FFmpeg encoder or muxer refused the settings or failed.
        case encoder
        /// The file system refused a write (permissions, a missing folder).
        case write
        /// The disk filled up.
        case diskFull
        /// SIGINT or SIGTERM arrived while packaging.
        case interrupted
    }

    public var kind: Kind
    /// The file being read or written.
    public var file: String
    /// The underlying cause, e.g. `No space left on device`.
    public var cause: String

    public init(_ kind: Kind, file: String, cause: String) {
        self.kind = kind
        self.file = file
        self.cause = cause
    }

    /// The cause as the one line says it: a full disk as `disk full (No space left on device)`.
    public var reason: String { kind == .diskFull ? "disk full (\(cause))" : cause }

    public var description: String { "\(file): \(reason)" }

    /// Converts an FFmpeg return code: negative codes throw, a full disk as `.diskFull`.
    @discardableResult
    static func check(_ code: Int32, _ kind: Kind, file: String, doing what: String) throws(AudiobookError) -> Int32 {
        guard code < 0 else { return code }
        if code == fr_averror(ENOSPC) { throw AudiobookError(.diskFull, file: file, cause: String(cString: strerror(ENOSPC))) }
        let isWrite = code == fr_averror(EACCES) || code == fr_averror(ENOENT) || code == fr_averror(EROFS)
        throw AudiobookError(isWrite ? .write : kind, file: file, cause: "\(what): \(message(code))")
    }

    /// FFmpeg's text for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        fr_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
