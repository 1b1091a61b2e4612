/// The one conversion of any error to what a command reports for the file it
/// was given, as `FileNamedError.reported(for:)` does for our own errors.
public enum ReportedError {
    /// `error` reported for `file`: one of our errors keeps its type and kind
    /// (`FileNamedError.reported(for:)`); an `OutputSafetyError` (which names its
    /// own output path) and an interruption (no failure of the file) pass
    /// unchanged; any other error (the OS's, a `SettingError`) becomes a `RenderError` of `kind` naming
    /// `file`, with that error as its cause.
    public static func of(_ error: any Error, for file: String, otherwise kind: RenderError.Kind) -> any Error {
        switch error {
        case let error as BookError: error.reported(for: file)
        case let error as RenderError: error.reported(for: file)
        case let error as OwnFileError: error.reported(for: file)
        case let error as PositionError: error.reported(for: file)
        case is OutputSafetyError, is RenderInterrupted, is BatchInterrupted: error
        default: RenderError(error is SettingError ? .setting : kind, file: file, String(describing: error), cause: error)
        }
    }
}
