/// Why a render, or one of its outputs, could not be made: what kind of
/// failure, the file being written (or the voice, or the worker), and the
/// underlying error when another layer reported it.
///
/// Renders as one line, `file: reason`.
public struct RenderError: Error, CustomStringConvertible {
    /// What a caller can tell apart.
    public enum Kind: String, Sendable, CaseIterable {
        /// The output folder cannot be created or written.
        case outputFolder
        /// A file could not be written (disk full, permissions) or renamed into place.
        case write
        /// eSpeak NG, its data folder or a voice is missing or failed.
        case speech
        /// The speed presets table is missing or invalid.
        case presets
        /// An audio encoder (LAME, libsndfile) failed.
        case audio
        /// A worker process could not start, crashed or reported an error.
        case worker
        /// The chapter asked for is not in the book or has nothing to read.
        case noChapter
        /// Every chapter failed.
        case nothingRendered
        /// The media-overlay EPUB, or one document of it, could not be made.
        case overlay
        /// A sync export could not be made.
        case export
    }

    public var kind: Kind
    /// The file (or folder) concerned, when one is.
    public var file: String?
    /// One line saying what went wrong.
    public var reason: String
    /// The error that caused this one, when there is one.
    public var cause: (any Error)?

    public init(_ kind: Kind, file: String? = nil, _ reason: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.file = file
        self.reason = reason
        self.cause = cause
    }

    public var description: String {
        file.map { "\($0): \(reason)" } ?? reason
    }
}
