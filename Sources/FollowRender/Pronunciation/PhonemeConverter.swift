import Foundation

/// Converts IPA and X-SAMPA transcriptions into eSpeak NG phoneme mnemonics
/// (the notation eSpeak reads between `[[` and `]]`), because eSpeak takes no IPA.
///
/// eSpeak's mnemonics belong to each language's phoneme table, so the
/// conversion depends on the language: English gets its own table (rhotic
/// vowels, long vowels written without `ː` in American transcriptions, `y` as
/// the consonant /j/ as US dictionaries write it); every other language gets a
/// table of the symbols eSpeak's tables share (`a e i o u`, `E O @`, `S Z T D N`, …).
/// A symbol with no equivalent fails the whole transcription, naming the
/// symbol, so the caller can skip the entry rather than say something wrong.
/// A transcription without any stress mark (`kusə`, `nɔrθ`) is stressed on its
/// first syllable, as the word said alone is: eSpeak reads unstressed phoneme
/// input as a weak syllable, up to 40% shorter than the word said alone.
public enum PhonemeConverter {
    /// The transcription alphabets PLS and SSML name.
    public enum Alphabet: String, Sendable, Hashable {
        case ipa
        case xsampa = "x-sampa"

        /// The alphabet an attribute value names (`ipa`, `x-sampa`, `X-SAMPA`), or nil.
        public init?(name: String) {
            self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
        }
    }

    /// A symbol the conversion does not know.
    public struct UnknownSymbol: CausedError, Hashable {
        public var symbol: String
        /// A symbol missing from the table: no error lies below it.
        public var cause: (any Error)? { nil }
        public var description: String { "no eSpeak NG equivalent for the symbol '\(symbol)'" }
    }

    /// eSpeak mnemonics for `transcription` in `alphabet`, for a voice of `language` (BCP 47).
    public static func espeak(_ transcription: String, alphabet: Alphabet, language: String) throws(UnknownSymbol) -> String {
        let ipa = alphabet == .ipa ? transcription : try XSAMPA.ipa(transcription)
        let mnemonics = try convert(ipa, english: language.lowercased().hasPrefix("en"))
        return mnemonics.contains("'") || mnemonics.contains(",") ? mnemonics : "'" + mnemonics
    }

    private static func convert(_ ipa: String, english: Bool) throws(UnknownSymbol) -> String {
        let table = english ? englishTable : sharedTable
        let longest = english ? englishLongest : sharedLongest
        let symbols = Array(ipa.precomposedStringWithCanonicalMapping.unicodeScalars)
        var output = ""
        var index = 0
        while index < symbols.count {
            if ignored.contains(symbols[index]) {
                index += 1
                continue
            }
            if symbols[index].properties.isWhitespace {
                if !output.isEmpty, output.last != " " { output += " " }
                index += 1
                continue
            }
            var matched = false
            for length in stride(from: min(longest, symbols.count - index), through: 1, by: -1) {
                let key = String(String.UnicodeScalarView(symbols[index..<(index + length)]))
                guard var value = table[key] else { continue }
                let next = index + length < symbols.count ? symbols[index + length] : nil
                if english, key.count == 2, key.hasSuffix("r"), let next, isVowel(next) { continue }
                if english, key == "i", next == nil || next!.properties.isWhitespace { value = "i" }
                output += value
                index += length
                matched = true
                break
            }
            if !matched { throw UnknownSymbol(symbol: String(symbols[index])) }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }

    private static func isVowel(_ scalar: Unicode.Scalar) -> Bool {
        "aeiouæɑɒɔəɚɛɜɝɪʊʌyøœɐɨʉɯɤ".unicodeScalars.contains(scalar)
    }

    /// Marks with no sound of their own: syllable breaks, ties, syllabic and
    /// non-syllabic diacritics, the length mark where a table writes length itself.
    private static let ignored: Set<Unicode.Scalar> = [".", "\u{0361}", "\u{035C}", "\u{0329}", "\u{032F}", "-", "‿"]

    private static let consonants: [String: String] = [
        "p": "p", "b": "b", "t": "t", "d": "d", "k": "k", "g": "g", "ɡ": "g", "f": "f", "v": "v",
        "θ": "T", "ð": "D", "s": "s", "z": "z", "ʃ": "S", "ʒ": "Z", "h": "h", "m": "m", "n": "n", "ŋ": "N",
        "l": "l", "ɫ": "l", "r": "r", "ɹ": "r", "w": "w", "ʍ": "w", "j": "j", "tʃ": "tS", "dʒ": "dZ",
        "ʧ": "tS", "ʤ": "dZ", "x": "x", "ʔ": "?", "ˈ": "'", "ˌ": ",",
    ]

    /// eSpeak NG's English (`en`, `en-us`, …) phoneme names.
    private static let englishTable: [String: String] = consonants.merging([
        "æ": "a", "a": "a", "ɑ": "A:", "ɑː": "A:", "ɒ": "0", "ɔ": "O:", "ɔː": "O:", "ʌ": "V", "ə": "@", "ɐ": "V",
        "ɚ": "3", "ɝ": "3:", "ɜ": "3:", "ɜː": "3:", "ɪ": "I", "i": "i:", "iː": "i:", "ʊ": "U", "u": "u:", "uː": "u:",
        "ɛ": "E", "e": "E", "eɪ": "eI", "aɪ": "aI", "ɔɪ": "OI", "aʊ": "aU", "oʊ": "oU", "əʊ": "oU", "o": "oU",
        "ɛə": "e@", "eə": "e@", "ɪə": "i@", "ʊə": "U@", "ɑr": "A@", "ɔr": "O@", "ər": "3", "ɜr": "3:", "ɛr": "e@",
        "ɪr": "i@", "ʊr": "U@", "ɾ": "t", "y": "j", "ː": "", "ʰ": "",
    ]) { own, _ in own }

    /// Phoneme names most of eSpeak NG's other language tables share.
    private static let sharedTable: [String: String] = consonants.merging([
        "a": "a", "æ": "a", "ɑ": "A", "ɐ": "a", "e": "e", "ɛ": "E", "i": "i", "ɪ": "I", "o": "o", "ɔ": "O",
        "u": "u", "ʊ": "U", "ə": "@", "ʌ": "V", "y": "y", "ø": "Y", "œ": "W", "ɯ": "u-", "ɨ": "i-",
        "ɲ": "n^", "ʎ": "l^", "ç": "C", "ɣ": "Q", "ʁ": "r", "ʀ": "r", "β": "B", "ɸ": "F", "ɾ": "r", "ts": "ts",
        "dz": "dz", "ɕ": "S;", "ʑ": "Z;", "ʝ": "j", "ː": ":", "\u{0303}": "~", "ʰ": "",
    ]) { own, _ in own }

    private static let englishLongest = englishTable.keys.map { $0.unicodeScalars.count }.max() ?? 1
    private static let sharedLongest = sharedTable.keys.map { $0.unicodeScalars.count }.max() ?? 1
}

/// X-SAMPA, the ASCII transcription of the IPA, turned back into IPA.
enum XSAMPA {
    static func ipa(_ text: String) throws(PhonemeConverter.UnknownSymbol) -> String {
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            if index + 1 < characters.count, let pair = table[String(characters[index...(index + 1)])] {
                output += pair
                index += 2
            } else if let single = table[String(characters[index])] {
                output += single
                index += 1
            } else if characters[index].isWhitespace {
                output += " "
                index += 1
            } else {
                throw PhonemeConverter.UnknownSymbol(symbol: String(characters[index]))
            }
        }
        return output
    }

    private static let table: [String: String] = {
        var table: [String: String] = [:]
        for letter in "abdefhijklmnopstuvwxyz" { table[String(letter)] = String(letter) }
        let symbols: [String: String] = [
            "\"": "ˈ", "%": "ˌ", "{": "æ", "A": "ɑ", "Q": "ɒ", "O": "ɔ", "V": "ʌ", "@": "ə", "3": "ɜ", "I": "ɪ",
            "U": "ʊ", "E": "ɛ", "T": "θ", "D": "ð", "S": "ʃ", "Z": "ʒ", "N": "ŋ", ":": "ː", "r\\": "ɹ", "4": "ɾ",
            "6": "ɐ", "2": "ø", "9": "œ", "C": "ç", "G": "ɣ", "R": "ʁ", "B": "β", "J": "ɲ", "L": "ʎ", "?": "ʔ",
            "M": "ɯ", "@`": "ɚ", "3`": "ɝ", "~": "\u{0303}", "=": "\u{0329}", ".": ".", "g": "ɡ", "r": "r", "c": "c",
            "_h": "ʰ", "1": "ɨ", "}": "ʉ",
        ]
        table.merge(symbols) { _, new in new }
        return table
    }()
}
