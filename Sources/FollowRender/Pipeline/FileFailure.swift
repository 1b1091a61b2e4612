/// A failure to report as `follow-render: <file>: <reason>` with exit 1: the
/// file (book, output, folder) it concerns and one line saying why.
public struct FileFailure: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// A failure of `file` whose reason is `error`'s own one-line message.
    public init(file: String, error: any Error) {
        self.file = file
        reason = String(describing: error)
    }

    public var description: String { "\(file): \(reason)" }
}
