/// A rendered folder, `book.json` or timing sidecar that cannot be used: what
/// kind of fault, the file, one line saying why, and the decoding error behind it.
public struct TimingFileError: Error, CustomStringConvertible {
    /// What a caller can tell apart.
    public enum Kind: String, Sendable, CaseIterable {
        case notFound
        case unreadable
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
        /// A member's value is impossible: a range outside the text or out of
        /// order, a time that is not finite, negative, out of order or past the audio.
        case invalid
    }

    public var kind: Kind
    /// The file (or folder) that could not be used.
    public var file: String
    /// One line saying what is wrong with it.
    public var reason: String
    /// The decoding error, when there is one.
    public var cause: (any Error)?

    public init(_ kind: Kind, file: String, reason: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.file = file
        self.reason = reason
        self.cause = cause
    }

    public var description: String { "\(file): \(reason)" }
}
