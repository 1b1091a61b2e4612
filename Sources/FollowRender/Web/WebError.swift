/// Why the web player could not be written, naming the file and the cause.
///
/// `description` is `<file>: <reason>`, the one line the command line prints.
public struct WebError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers and tests to match on.
    public enum Kind: String, Hashable, Sendable {
        /// A player file (HTML template, CSS, JavaScript) is missing from the installation.
        case missingAsset
        /// The rendered folder or its source book could not be read.
        case unreadableInput
        /// A page could not be written into the folder.
        case writeFailed
    }

    public var kind: Kind
    /// The file or folder concerned.
    public var file: String
    /// One line saying what is wrong, with the underlying cause.
    public var reason: String

    public init(_ kind: Kind, file: String, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
