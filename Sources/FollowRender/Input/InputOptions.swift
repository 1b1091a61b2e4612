/// How a book in a format other than EPUB is turned into one: the options
/// of `--encoding`, `--split-on`, `--pages-per-chapter`, `--read-code`,
/// `--lang` and `--cover`. Workers receive them with their job, so they
/// rebuild exactly the book the main process read.
public struct InputOptions: Hashable, Sendable, Codable {
    /// An ICU charset name for plain text and Markdown, overriding detection.
    public var encoding: String?
    /// A regular expression (ICU syntax) matching a plain-text line that starts a chapter.
    public var splitOn: String?
    /// PDF pages per chapter when the PDF has no outline.
    public var pagesPerChapter: Int?
    /// Narrate Markdown code blocks (left silent by default).
    public var readCode: Bool
    /// The book's language (BCP 47), overriding front matter and the guess from the script.
    public var language: String?
    /// A JPEG, PNG, GIF or SVG image to use as the cover.
    public var cover: String?

    public init(encoding: String? = nil, splitOn: String? = nil, pagesPerChapter: Int? = nil, readCode: Bool = false,
                language: String? = nil, cover: String? = nil) {
        self.encoding = encoding
        self.splitOn = splitOn
        self.pagesPerChapter = pagesPerChapter
        self.readCode = readCode
        self.language = language
        self.cover = cover
    }

    /// Default PDF chapter length without an outline.
    public static let defaultPagesPerChapter = 10
}
