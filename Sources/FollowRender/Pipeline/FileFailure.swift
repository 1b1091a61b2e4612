/// A failure to report as `follow-render: <file>: <reason>` with exit 1: the
/// file (book, output, folder) it concerns, one line saying why, and the error
/// behind it (a `BookError`, `RenderError` …) for callers
/// that need its kind.
public struct FileFailure: CausedError {
    public var file: String
    public var reason: String
    /// The error this failure reports, when another layer raised it.
    public var cause: (any Error)?

    public init(file: String, reason: String, cause: (any Error)? = nil) {
        self.file = file
        self.reason = reason
        self.cause = cause
    }

    /// A failure of `file` whose reason is `error`'s own one-line message.
    public init(file: String, error: any Error) {
        self.init(file: file, reason: String(describing: error), cause: error)
    }

    public var description: String { "\(file): \(reason)" }
}
