/// Why a position query on a rendered book (`PositionIndex`) has no answer:
/// what kind of fault, the chapter asked about and, once a command reports it,
/// the rendered folder. The folder was read
/// already (its faults are `OwnFileError`s), so nothing below the query fails:
/// this error has no cause.
///
/// Its reason names no command-line syntax; a command adds its own hint (`locate`
/// says how to ask for a chapter's time when there is no single file).
public struct PositionError: CausedError, Sendable {
    /// What a caller can tell apart.
    public enum Kind: String, Sendable, CaseIterable {
        /// The chapter is not in the rendered folder.
        case notRendered
        /// The time is negative, not finite, or outside the audiobook.
        case notATime
        /// The offset is outside the chapter's text.
        case outsideText
        /// The chapter has no timed words to answer with.
        case noTimedWords
        /// A single-file time was given, but the render has no single-file audiobook.
        case noAudiobook
    }

    /// What went wrong, for callers to switch on.
    public var kind: Kind
    /// The chapter (spine position) asked about, when the query named one.
    public var chapter: Int?
    /// The rendered folder (or sidecar) queried, when a command names it; the index itself knows no path.
    public var file: String?
    /// One line saying what is wrong.
    public var reason: String

    public init(_ kind: Kind, chapter: Int? = nil, file: String? = nil, _ reason: String) {
        self.kind = kind
        self.chapter = chapter
        self.file = file
        self.reason = reason
    }

    /// A query fails on its own arguments: there is no error below it.
    public var cause: (any Error)? { nil }

    /// `file: reason`, one line.
    public var description: String {
        file.map { "\($0): \(reason)" } ?? reason
    }
}
