import Foundation

/// Why a render, or one of its outputs, could not be made: what kind of
/// failure, the file being written (or the voice, or the worker), and the
/// underlying error when another layer reported it (a `BookError`, the OS's
/// `POSIXError`, a `SettingError` …; `causeChain` walks them).
///
/// Reading the book fails with `BookError`, reading our own files back with
/// `OwnFileError`; an output path refused before any work is an
/// `OutputSafetyError`, and a stop asked for by a signal a `RenderInterrupted`.
///
/// Renders as one line, `file: reason`.
public struct RenderError: CausedError {
    /// What a caller can tell apart. A batch records it (as an `ErrorKind`) for each failed book.
    public enum Kind: String, Sendable, CaseIterable {
        /// The output folder (or a batch's output root) cannot be created or written.
        case outputFolder
        /// A file could not be written (disk full, permissions) or renamed into place.
        case write
        /// The disk filled up while a file was written.
        case diskFull
        /// An output path holds something other than a regular file (a FIFO, a
        /// device, a socket, a folder), which is never replaced.
        case notAFile
        /// eSpeak NG, its data folder or a voice is missing or failed.
        case speech
        /// MeCab or its IPA dictionary (Japanese readings) is missing.
        case analyser
        /// The speed presets table is missing or invalid.
        case presets
        /// A file of the installation (a web player template, its CSS or JavaScript) is missing or incomplete.
        case missingAsset
        /// An audio encoder or muxer (LAME, libsndfile, FFmpeg) failed.
        case audio
        /// A worker process could not start, crashed or reported an error.
        case worker
        /// Memory ran out: a worker's allocation failed (e.g. under `ulimit -v`),
        /// the kernel's out-of-memory killer stopped it, or no thread could be started for it.
        case outOfMemory
        /// The chapter asked for is not in the book or has nothing to read.
        case noChapter
        /// Every chapter failed, or a rendered folder has no chapter to package.
        case nothingRendered
        /// What an output reads besides the book cannot be read: a rendered
        /// chapter's audio, the rendered folder, a batch's book list.
        case unreadableInput
        /// An output setting cannot be used (an audiobook path of no known
        /// format, MP3 tracks without an info tag): the `SettingError` cause says which.
        case setting
        /// The media-overlay EPUB, or one document of it, could not be made.
        case overlay
        /// A sync export could not be made.
        case export
        /// SIGINT or SIGTERM arrived while an output was written.
        case interrupted
        /// The book has a warning (a fault read anyway, a skipped chapter) and `--strict` refuses it.
        case strict
    }

    public var kind: Kind
    /// The file (or folder) concerned, when one is.
    public var file: String?
    /// One line saying what went wrong.
    public var reason: String
    /// The error that caused this one, when there is one.
    public var cause: (any Error)?
    /// How the worker process ended, on the error of a chapter whose worker ran.
    public var workerExit: WorkerTermination?

    public init(_ kind: Kind, file: String? = nil, _ reason: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.file = file
        self.reason = reason
        self.cause = cause
    }

    /// A full disk while writing `file`: `disk full (No space left on device)`.
    static func diskFull(file: String) -> RenderError {
        RenderError(.diskFull, file: file, "disk full (\(String(cString: strerror(ENOSPC))))", cause: POSIXError(.ENOSPC))
    }

    /// Whether the disk filled up, here or in the worker whose failure this is:
    /// a failure no other chapter escapes, which stops the render.
    public var isDiskFull: Bool { diskFullCause != nil }

    /// The error that says which file could not be written on the full disk: the first `.diskFull` of the cause chain.
    public var diskFullCause: RenderError? {
        causeChain.lazy.compactMap { $0 as? RenderError }.first { $0.kind == .diskFull }
    }

    /// The C call that just failed on `file`, from its `errno`: a full disk as
    /// `.diskFull`, anything else as `.write` saying `what` and the system's reason.
    static func failedIO(file: String, doing what: String) -> RenderError {
        let code = errno
        guard code != ENOSPC else { return diskFull(file: file) }
        return RenderError(.write, file: file, "\(what): \(String(cString: strerror(code)))",
                           cause: POSIXError.of(code))
    }

    public var description: String {
        file.map { "\($0): \(reason)" } ?? reason
    }
}
