/// Why a rendered folder or sidecar could not be read, naming the file.
///
/// `description` is `<file>: <reason>`, the form the command line prints.
public struct TimingFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or folder) that could not be used.
    public var file: String
    /// One line saying what is wrong with it.
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
