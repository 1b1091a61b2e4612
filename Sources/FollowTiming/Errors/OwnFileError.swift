import Foundation

/// Why a file follow-render wrote cannot be read back: a rendered folder's
/// `book.json`, a timing sidecar, a batch result, a cast file (`OwnFile`,
/// `RenderedBook`). What kind of fault, the file, where in it (a JSON path such
/// as `chapters[2].duration`), and the error of the layer below (the OS's,
/// the JSON decoder's) when there is one.
///
/// Faults of the books the renderer reads are FollowRender's `BookError`;
/// position queries fail with `PositionError`.
///
/// Renders as one line, `file: reason`.
public struct OwnFileError: CausedError, Sendable {
    /// What a caller can tell apart.
    public enum Kind: String, Sendable, CaseIterable {
        /// The file (or the rendered folder) does not exist.
        case notFound
        /// The operating system could not read it.
        case unreadable
        /// Not a regular file where one is read: a folder, a FIFO, a device or a socket.
        case notAFile
        /// Larger than its reader takes (`OwnFile.Limit`), or it grew past that while read.
        case tooLarge
        /// Not JSON at all.
        case notJSON
        /// A required field is missing or null.
        case missingField
        /// A field has the wrong JSON type.
        case wrongType
        /// JSON, but not a follow-render `book.json` or sidecar (`format`).
        case wrongFormat
        /// Written by a newer follow-render (`version`).
        case newerVersion
        /// A sidecar is not the chapter `book.json` says it is.
        case mismatch
        /// A rendered value is impossible: a range outside the text or out of
        /// order, a time that is not finite, negative, out of order or past the audio.
        case invalid
    }

    /// What went wrong, for callers to switch on (messages are for people).
    public var kind: Kind
    /// The file at fault, when one is.
    public var file: String?
    /// Where in `file`: the JSON path of the field at fault (`chapters[2].duration`), when the decoder said.
    public var location: String?
    /// One line saying what is wrong (with `location` in words, when there is one).
    public var reason: String
    /// The error that caused this one: the OS's or the JSON decoder's, when there is one.
    public var cause: (any Error)?

    public init(_ kind: Kind, file: String? = nil, location: String? = nil, _ reason: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.file = file
        self.location = location
        self.reason = reason
        self.cause = cause
    }

    /// `file: reason`, one line.
    public var description: String {
        file.map { "\($0): \(reason)" } ?? reason
    }
}
