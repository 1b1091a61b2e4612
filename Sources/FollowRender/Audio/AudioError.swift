/// Why an audio file could not be written: one line naming the file and the reason.
public struct AudioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file being written.
    public var path: String
    /// What went wrong, e.g. `disk full (No space left on device)`.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
