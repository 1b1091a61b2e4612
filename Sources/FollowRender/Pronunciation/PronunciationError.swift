/// Why the spoken-form stage cannot run at all (a lexicon fault is only a
/// `PronunciationWarning`). Renders as one line naming the file.
public struct PronunciationError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// MeCab or its dictionary is not installed.
        case analyserMissing
    }

    public var kind: Kind
    public var file: String
    public var reason: String

    public init(_ kind: Kind, file: String, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
