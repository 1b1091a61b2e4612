import FollowRender

/// The options of text, Markdown and PDF books (`InputOptions`), shared by
/// `render`, `inspect` and `segment`.
enum InputArguments {
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> InputOptions {
        InputOptions(
            encoding: try arguments.option("--encoding"), splitOn: try arguments.option("--split-on"),
            pagesPerChapter: try arguments.integer("--pages-per-chapter", in: 1...100_000),
            readCode: arguments.flag("--read-code"), language: try arguments.option("--lang"),
            cover: try arguments.option("--cover")
        )
    }

    /// Their help text.
    static let help = """
          --encoding NAME   Text encoding of a .txt/.md book (an ICU name such as Shift_JIS,
                            GB18030, Big5, EUC-KR, windows-1252), instead of detecting it.
          --split-on REGEX  Start a chapter of a plain-text book at each line matching REGEX.
          --pages-per-chapter N  Chapter length of a PDF without outline (default \(InputOptions.defaultPagesPerChapter)).
          --read-code       Narrate Markdown code blocks (silent by default).
          --lang CODE       Language of a text, Markdown or PDF book (default: front matter,
                            else guessed from the script).
          --cover IMAGE     Cover (JPEG, PNG, GIF, SVG) of a text, Markdown or PDF book.
        """
}
