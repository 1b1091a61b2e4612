/// An error of ours with a kind and, when one is at fault, a file: what a
/// command reports as `follow-render: <file>: <reason>` (exit 1), with the
/// file it was given (the book, the output folder, a written file) named.
///
/// Reporting an error for a file keeps its type and kind, so a caller (the
/// CLI, a batch, a test) switches on the kind of what it caught, never on its
/// words: `BookError`, `RenderError` and FollowTiming's `OwnFileError` and
/// `PositionError` conform.
public protocol FileNamedError: CausedError {
    /// The file at fault, when one is.
    var file: String? { get set }
    /// An error of this one's type and kind naming `file`, whose reason is this
    /// error's own line and whose cause is this error: how an error naming
    /// another file (a document in the book) is reported for `file`.
    func wrapped(for file: String) -> Self
}

extension FileNamedError {
    /// This error naming `file` when it names none; else unchanged.
    public func naming(_ file: String) -> Self {
        guard self.file == nil else { return self }
        var named = self
        named.file = file
        return named
    }

    /// This error as reported for `file`, one line `file: …`: naming `file`
    /// when it names no file, unchanged when it names `file` already, else
    /// wrapped (`wrapped(for:)`) so that both files are said.
    public func reported(for file: String) -> Self {
        self.file == nil ? naming(file) : self.file == file ? self : wrapped(for: file)
    }
}

extension BookError: FileNamedError {
    public func wrapped(for file: String) -> BookError { BookError(kind, file: file, description, cause: self) }
}

extension RenderError: FileNamedError {
    public func wrapped(for file: String) -> RenderError { RenderError(kind, file: file, description, cause: self) }
}

extension OwnFileError: FileNamedError {
    public func wrapped(for file: String) -> OwnFileError { OwnFileError(kind, file: file, description, cause: self) }
}

extension PositionError: FileNamedError {
    public func wrapped(for file: String) -> PositionError { PositionError(kind, chapter: chapter, file: file, description) }
}
