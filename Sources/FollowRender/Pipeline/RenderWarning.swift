/// A recoverable fault of a render, as one typed value: the book (or a lexicon,
/// a cast file) is read anyway and the user is told once. Every producer's own
/// warning (`BookWarning`, `PronunciationWarning`, `Cast.Warning`, an
/// unreadable or skipped chapter, an output step's) converts to this value,
/// which travels through `BookRenderEvent.warning` and `BatchEvent.warning`.
/// Callers and tests match `kind` and `severity`, never `message`; whether
/// `--strict` refuses is decided from `severity` alone (`StrictPolicy`).
public struct RenderWarning: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers and tests to match on.
    public enum Kind: Hashable, Sendable {
        /// A fault in the book's container, package, text or table of contents.
        case book(BookWarning.Kind)
        /// A spine document that could not be read: its chapter is left out.
        case unreadableChapter
        /// A chapter whose worker failed during synthesis: skipped, recorded in `book.json`.
        case skippedChapter
        /// A fault in a lexicon (the book's own or a user's).
        case pronunciation(PronunciationWarning.Kind)
        /// Text the chosen voices cannot speak (one per language for the book).
        case unspeakableText
        /// A language no installed voice speaks: read with the book's voice.
        case unvoicedLanguage
        /// A bad line of a cast file (`--cast`): left out.
        case cast(Cast.Warning.Kind)
        /// A chapter left without media overlay, or overlays the book had replaced.
        case overlay
        /// Pauses the player cannot place (`WebPlayerStep`).
        case pauses
    }

    /// Whether `--strict` refuses the render because of it.
    public enum Severity: String, Hashable, Sendable {
        /// A fault in what the user gave (the book, a lexicon, a chapter that
        /// could not be rendered): `--strict` refuses the render.
        case fault
        /// Something left out of an output with nothing wrong in what was read
        /// (a cover too large to embed, a table-of-contents entry placed
        /// approximately, an overlay left out): reported, never refused.
        case notice
    }

    public var kind: Kind
    public var severity: Severity
    /// The file the warning names: the book, or a lexicon or cast file.
    public var file: String
    /// Where in it, when known: `chapter 3 (ch3.xhtml)`, a lexicon entry.
    public var location: String?
    /// What happened and what was done about it, without the file and location.
    public var message: String

    public init(_ kind: Kind, severity: Severity, file: String, location: String? = nil, message: String) {
        self.kind = kind
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
    }

    /// The line after the file name: the location (when known) and the message.
    public var text: String { location.map { "\($0): \(message)" } ?? message }

    public var description: String { "\(file): \(text)" }
}

extension RenderWarning {
    /// A fault of the book at `book`; a fault found opening it is one `--strict`
    /// refuses, one found placing the table of contents (or the cover left out
    /// of the tags) only a `notice`.
    public init(_ warning: BookWarning, book: String, severity: Severity = .fault) {
        self.init(.book(warning.kind), severity: severity, file: book, message: warning.message)
    }

    /// A chapter of the book at `book` that could not be read.
    public init(_ unreadable: UnreadableChapter, book: String) {
        self.init(.unreadableChapter, severity: .fault, file: book, message: unreadable.warning.message)
    }

    /// A chapter of the book at `book` skipped during synthesis (`href` as the user knows it).
    public static func skipped(chapter index: Int, href: String, reason: String, book: String) -> RenderWarning {
        RenderWarning(.skippedChapter, severity: .fault, file: book, location: "chapter \(index) (\(href))",
                      message: "skipped: \(reason)")
    }

    /// A fault of a lexicon, naming the lexicon's own file.
    public init(_ warning: PronunciationWarning) {
        self.init(.pronunciation(warning.kind), severity: .fault, file: warning.file, message: warning.message)
    }

    /// Bad lines of the cast file `file`.
    public init(_ warning: Cast.Warning, file: String) {
        self.init(.cast(warning.kind), severity: .fault, file: file, message: warning.description)
    }
}
