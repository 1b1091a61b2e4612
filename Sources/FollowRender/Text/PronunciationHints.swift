/// What a content document says about pronouncing its text: SSML phonemes on
/// elements (`ssml:ph` with `ssml:alphabet`) and the PLS lexicons it links.
/// The spoken-form stage (`Pronunciation/`) applies them.
public struct PronunciationHints: Hashable, Sendable {
    /// An element whose whole text is spoken as `phonemes`.
    public struct Phonemes: Hashable, Sendable {
        /// The element's narrated text, trimmed of whitespace.
        public var range: TextRange
        /// The transcription as written in `ssml:ph`.
        public var phonemes: String
        /// `ssml:alphabet` of the element or its nearest ancestor (`ipa` when none).
        public var alphabet: String
        /// The language of the element's text.
        public var language: String

        public init(range: TextRange, phonemes: String, alphabet: String, language: String) {
            self.range = range
            self.phonemes = phonemes
            self.alphabet = alphabet
            self.language = language
        }
    }

    /// A `<link rel="pronunciation" type="application/pls+xml">` of the document's head.
    public struct LexiconLink: Hashable, Sendable {
        /// The `href` as written, relative to the document.
        public var href: String
        /// `hreflang`, if given.
        public var language: String?

        public init(href: String, language: String?) {
            self.href = href
            self.language = language
        }
    }

    public var phonemes: [Phonemes]
    public var lexicons: [LexiconLink]

    public init(phonemes: [Phonemes] = [], lexicons: [LexiconLink] = []) {
        self.phonemes = phonemes
        self.lexicons = lexicons
    }

    /// The SSML namespace of `ssml:ph` and `ssml:alphabet`.
    static let ssmlNamespace = "http://www.w3.org/2001/10/synthesis"
}
