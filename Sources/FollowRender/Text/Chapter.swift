/// One narrated spine item: its place in the book, its narration text, and
/// the sentences and words a listener hears.
public struct Chapter: Hashable, Sendable {
    /// 1-based spine position, used in file names and on the command line.
    public var index: Int
    /// Container path of the content document.
    public var href: String
    /// From the TOC, else the first heading, else the file name.
    public var title: String
    /// Primary language of the chapter (BCP 47).
    public var language: String
    public var text: ChapterText
    public var sentences: [Sentence]
    /// Body, front or back matter.
    public var matter: ChapterMatter
    /// The table-of-contents entries that begin in this chapter, in order (`NavigationResolver`).
    public var marks: [Mark] = []
    /// The narration offsets of the ids the table of contents names in this document.
    public var anchors: [String: Int] = [:]
    /// Of those ids, the ones that appear more than once in the document.
    public var duplicateAnchors: Set<String> = []

    /// Where a table-of-contents entry begins in a chapter.
    public struct Mark: Hashable, Sendable {
        /// Index in `BookNavigation.entries`; nil for the chapter itself, in a book without a table of contents.
        public var entry: Int?
        /// UTF-16 offset in the narration: the entry begins with the first word that ends after it.
        public var offset: Int
        /// The entry's target as users know it: the chapter's href (and the entry's fragment), or another document's path.
        public var href: String

        public init(entry: Int?, offset: Int, href: String) {
            self.entry = entry
            self.offset = offset
            self.href = href
        }
    }

    public init(index: Int, href: String, title: String, language: String, text: ChapterText, sentences: [Sentence],
                matter: ChapterMatter = .body) {
        self.matter = matter
        self.index = index
        self.href = href
        self.title = title
        self.language = language
        self.text = text
        self.sentences = sentences
    }

    /// Number of words in all sentences.
    public var wordCount: Int { sentences.reduce(0) { $0 + $1.words.count } }
}
