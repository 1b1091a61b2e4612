/// A pronunciation lexicon: what to say instead of some written words, from a
/// book's PLS document or a user's `--lexicon` file.
public struct Lexicon: Hashable, Sendable {
    /// What a grapheme is spoken as.
    public enum Spoken: Hashable, Sendable {
        /// Other text, read by eSpeak NG as usual (`Dr.` → `Doctor`, a Japanese reading in kana).
        case alias(String)
        /// eSpeak NG phoneme mnemonics, sent between `[[` and `]]`.
        case phonemes(String)
    }

    /// One written form and how it is spoken.
    public struct Entry: Hashable, Sendable {
        /// Matched as written (case included), on whole words.
        public var grapheme: String
        public var spoken: Spoken

        public init(grapheme: String, spoken: Spoken) {
            self.grapheme = grapheme
            self.spoken = spoken
        }
    }

    /// Names the lexicon in warnings.
    public var source: String
    /// The language it serves (`xml:lang`), or nil for every language.
    public var language: String?
    /// In file order; for a grapheme listed twice, the first entry counts.
    public var entries: [Entry]

    public init(source: String, language: String?, entries: [Entry]) {
        self.source = source
        self.language = language
        self.entries = entries
    }

    /// The longest grapheme read (UTF-16 units): a phrase, never a paragraph.
    public static let maximumGrapheme = 256

    /// The longest spoken form (alias or phoneme mnemonics, UTF-16 units) of a
    /// grapheme `graphemeLength` units long: 16 times as long, and at least 64
    /// (`WHO` → `World Health Organization`). A book's lexicon that maps a
    /// short word to megabytes would otherwise multiply every sentence that
    /// uses it; such an entry is skipped with a warning (`aliasTooLong`).
    public static func maximumSpoken(graphemeLength: Int) -> Int {
        max(64, 16 * graphemeLength)
    }

    /// Whether the lexicon applies to text in `tag`: same primary language, or no language given.
    public func serves(_ tag: String) -> Bool {
        guard let language else { return true }
        return Self.primary(language) == Self.primary(tag)
    }

    static func primary(_ tag: String) -> String {
        String(tag.lowercased().split(separator: "-").first ?? "")
    }
}
