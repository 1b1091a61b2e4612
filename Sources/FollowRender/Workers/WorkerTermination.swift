/// How a worker process ended, kept on the error of its chapter as a field
/// (`RenderError.workerExit`) so that callers need not read it from the message.
public enum WorkerTermination: Hashable, Sendable {
    /// It exited with this status.
    case status(Int32)
    /// It was stopped by this signal (`SIGKILL`: often the out-of-memory killer).
    case signal(Int32)
}
