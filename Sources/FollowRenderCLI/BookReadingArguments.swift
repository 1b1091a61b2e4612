import FollowRender

/// How `inspect` and `segment` read a book, one option group for both:
/// `--include-notes`, `--matter`, `--lexicon` and the input options of text,
/// Markdown and PDF books, with their help text.
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
        let narration = NarrationOptions(includeNotes: arguments.flag("--include-notes"), matter: try arguments.matter())
        return BookReadingArguments(narration: narration, lexicons: lexicons, normalize: normalize, input: try InputArguments.parse(&arguments))
    }

    /// The group's help, from the `--include-notes` line (whose text each command
    /// words for itself) to the end of the command's help.
    static func help(includeNotes: String) -> String {
        """
          --include-notes   \(includeNotes)
        \(Arguments.matterHelp)
        \(PronunciationOptions.help)
          -h, --help        Show this help.

        Input options (BOOK a .txt, .md or .pdf file):
        \(InputArguments.help)
        """
    }
}
