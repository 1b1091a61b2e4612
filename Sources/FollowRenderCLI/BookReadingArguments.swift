import FollowRender

/// How `inspect`, `segment`, `cast` and `preview` read a book, one option group
/// for all: `--include-notes`, `--matter`, `--lexicon`, `--normalize` and the
/// input options of text, Markdown and PDF books.
struct BookReadingArguments {
    var narration: NarrationOptions
    /// The `--lexicon` files, absolute, in the order given.
    var lexicons: [String]
    /// `--normalize auto|none`.
    var normalize: Bool
    var input: InputOptions

    static func parse(_ arguments: inout Arguments) throws -> BookReadingArguments {
        let lexicons = try PronunciationOptions.lexicons(&arguments)
        let normalize = try PronunciationOptions.normalize(&arguments)
        let narration = NarrationOptions(includeNotes: arguments.flag(.includeNotes), matter: try arguments.matter())
        return BookReadingArguments(narration: narration, lexicons: lexicons, normalize: normalize, input: try InputArguments.parse(&arguments))
    }

    /// The group's options, `--include-notes` worded by each command for itself.
    static func options(includeNotes: String) -> [CLIOption] {
        [CLIOption.includeNotes.helping(includeNotes), .matter, .lexicon, .normalize]
    }

    /// The help section of the input options.
    static let inputSection = HelpPage.Section("Input options (BOOK a .txt, .md or .pdf file)", CLIOption.inputOptions)
}
