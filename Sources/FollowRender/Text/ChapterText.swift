/// What a listener hears of one spine document: the narration string, its
/// paragraphs and languages, and a map from every character back to the source.
public struct ChapterText: Hashable, Sendable {
    /// Paragraphs joined by `"\n"`; line breaks from `<br>` are `"\n"` inside a paragraph.
    public var text: String
    public var paragraphs: [Paragraph]
    /// Language runs covering the text, in order.
    public var languages: [LanguageRun]
    /// Source spans in order; every non-separator character belongs to exactly one.
    public var sourceMap: [SourceSpan]
    /// SSML phonemes and linked PLS lexicons of the source document.
    public var pronunciation: PronunciationHints
    /// The text of `<q>` elements (outermost only), which a dialogue voice speaks (`Quotations`).
    public var quotations: [TextRange] = []

    public init(text: String, paragraphs: [Paragraph], languages: [LanguageRun], sourceMap: [SourceSpan],
                pronunciation: PronunciationHints = PronunciationHints()) {
        self.text = text
        self.paragraphs = paragraphs
        self.languages = languages
        self.sourceMap = sourceMap
        self.pronunciation = pronunciation
    }

    /// Length in UTF-16 code units.
    public var utf16Count: Int { text.utf16.count }

    /// The language at a UTF-16 offset, or `nil` when no run covers it.
    public func language(at offset: Int) -> String? {
        languages.first { $0.range.contains(offset) }?.language
    }
}
