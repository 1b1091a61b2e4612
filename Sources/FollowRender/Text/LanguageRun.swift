/// A run of narration text in one language, from the nearest `xml:lang` or `lang`.
public struct LanguageRun: Hashable, Sendable, Codable {
    public var range: TextRange
    /// BCP 47 tag as written in the book, e.g. `en`, `ja`, `fr-CA`.
    public var language: String

    public init(range: TextRange, language: String) {
        self.range = range
        self.language = language
    }
}
