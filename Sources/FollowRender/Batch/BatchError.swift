/// Why a batch, or one book of it, could not be done: a kind tests can
/// match, the file it concerns and the cause, told as one line.
public struct BatchError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The book list cannot be read, or names nothing to render.
        case list
        /// A book cannot be opened, has nothing to narrate, or none of its chapters could be rendered.
        case book
        /// A book has a warning (a fault read anyway, a skipped chapter) under `--strict`.
        case strict
        /// `--task-index` or `--task-count` (or their Slurm variables) make no task.
        case task
        /// The output root or a result file cannot be written or read.
        case output
    }

    public var kind: Kind
    public var file: String
    public var cause: String

    public init(_ kind: Kind, file: String, cause: String) {
        self.kind = kind
        self.file = file
        self.cause = cause
    }

    public var description: String { "\(file): \(cause)" }
}
