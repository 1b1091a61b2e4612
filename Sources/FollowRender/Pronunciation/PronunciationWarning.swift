/// A fault in a pronunciation lexicon: the entry (or the whole lexicon) is
/// skipped and narration goes on. Renders as one line naming the file and entry.
public struct PronunciationWarning: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for tests and callers to match on.
    public enum Kind: String, Hashable, Sendable {
        case missing
        case unreadable
        case tooLarge
        case notPLS
        case malformed
        case unknownAlphabet
        case unmappableSymbol
        case emptyEntry
        case outsideContainer
        /// Linked from a document but not listed in the manifest: read anyway.
        case notInManifest
        /// A grapheme longer than `Lexicon.maximumGrapheme`, or a spoken form
        /// longer than `Lexicon.maximumSpoken` allows for its grapheme.
        case aliasTooLong
        /// A sentence's replacements would make what is spoken more than
        /// `SpokenBudget` allows; those past it are read as written.
        case expansionTooLarge
    }

    public var kind: Kind
    /// The lexicon: a container path for a book's own, a file path for a user's.
    public var file: String
    /// The entry (grapheme) or line, when the fault is in one entry.
    public var entry: String?
    public var reason: String

    public init(_ kind: Kind, file: String, entry: String? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.entry = entry
        self.reason = reason
    }

    /// The line after the file name: `Coosa: entry skipped: …`, or for the
    /// whole lexicon `pronunciation lexicon skipped: …`.
    public var message: String {
        if let entry { return "\(Self.shortened(entry)): entry skipped: \(reason)" }
        if kind == .expansionTooLarge { return reason }
        return "pronunciation lexicon \(kind == .notInManifest ? "read anyway" : "skipped"): \(reason)"
    }

    /// An entry as a warning names it: at most 40 characters, so a hostile
    /// grapheme never makes a line of megabytes.
    private static func shortened(_ entry: String) -> String {
        entry.count <= 40 ? entry : String(entry.prefix(39)) + "…"
    }

    public var description: String { "\(file): \(message)" }
}
