/// Japanese words as a listener hears and a reader follows them: MeCab's
/// morphemes (IPA dictionary) joined into bunsetsu (文節), the unit of Japanese
/// word spacing (分かち書き, as in children's books and texts for learners) and
/// of the accent phrases Japanese speech synthesizers such as Open JTalk build
/// from MeCab's output. ICU's dictionary cuts `日本語を話す` anywhere in the
/// middle of a phrase; MeCab with this rule gives `日本語を` and `話す`.
///
/// The rule, on consecutive morphemes with no space between them:
/// - a content word starts a word; consecutive nouns (compounds such as
///   `東京大学`, numbers such as `二十`) stay one word;
/// - particles (助詞), auxiliary verbs (助動詞), suffixes (接尾) and dependent
///   verbs and adjectives (動詞・形容詞 非自立: the `いる` of `ている`) join the
///   word before them;
/// - a verb after a verbal noun (サ変接続: `登録して`, `採用できる`) joins it;
/// - a prefix (接頭詞: the `お` of `お茶`) joins the word after it;
/// - symbols (記号: `。`, `「`) belong to no word and end the one before, unless
///   they hold letters or digits (full-width `Ａ`), which makes them words, or
///   are a decimal point or thousands separator between digits (`3.0`).
enum JapaneseWords {
    /// The words of `text` as UTF-16 ranges of it, in order.
    static func words(in text: String, analyzer: JapaneseAnalyzer) -> [Range<Int>] {
        let units = Array(text.utf16)
        var words: [Range<Int>] = []
        var previous: JapaneseAnalyzer.Token?
        // Prefixes waiting for the word they belong to.
        var prefix: Range<Int>?
        let tokens = analyzer.tokens(of: text)
        for (index, token) in tokens.enumerated() {
            defer { previous = token }
            let decimal = isDecimalPoint(at: index, in: tokens, units: units)
            let inWord = decimal || hasLetterOrDigit(units[token.range])
            if let pending = prefix, pending.upperBound != token.range.lowerBound || !inWord {
                words.append(pending)
                prefix = nil
            }
            guard inWord else { continue }
            if let pending = prefix {
                words.append(pending.lowerBound..<token.range.upperBound)
                prefix = nil
            } else if let last = words.last, let before = previous, last.upperBound == token.range.lowerBound,
                      decimal || isFunctional(token) || (isNoun(token, units) && isNoun(before, units)) || isVerbOfNoun(token, after: before)
                        || isDecimalPoint(at: index - 1, in: tokens, units: units) {
                words[words.count - 1] = last.lowerBound..<token.range.upperBound
            } else {
                words.append(token.range)
            }
            if token.category == "接頭詞" { prefix = words.removeLast() }
        }
        if let prefix { words.append(prefix) }
        return words
    }

    /// Whether a morpheme leans on the word before it.
    private static func isFunctional(_ token: JapaneseAnalyzer.Token) -> Bool {
        switch token.category {
        case "助詞", "助動詞": true
        case "名詞": token.subcategory == "接尾"
        case "動詞", "形容詞": token.subcategory == "接尾" || token.subcategory == "非自立"
        default: false
        }
    }

    /// A `.` or `,` between digits (`3.0`, `1,000`), which MeCab cuts apart.
    private static func isDecimalPoint(at index: Int, in tokens: [JapaneseAnalyzer.Token], units: [UInt16]) -> Bool {
        guard index > 0, index + 1 < tokens.count else { return false }
        let token = tokens[index].range
        guard token.count == 1, [0x2E, 0x2C, 0xFF0E, 0xFF0C].contains(units[token.lowerBound]),
              tokens[index - 1].range.upperBound == token.lowerBound, tokens[index + 1].range.lowerBound == token.upperBound
        else { return false }
        return isDigit(units[token.lowerBound - 1]) && isDigit(units[token.upperBound])
    }

    private static func isDigit(_ unit: UInt16) -> Bool {
        (0x30...0x39).contains(unit) || (0xFF10...0xFF19).contains(unit)
    }

    /// A verb made from the noun before it (`登録` + `する`, `採用` + `できる`).
    private static func isVerbOfNoun(_ token: JapaneseAnalyzer.Token, after before: JapaneseAnalyzer.Token) -> Bool {
        token.category == "動詞" && before.category == "名詞" && before.subcategory == "サ変接続"
    }

    /// A noun that can start a compound; a letter MeCab's dictionary does not
    /// know (`𠮷`, outside the BMP, comes as a symbol) counts as one.
    private static func isNoun(_ token: JapaneseAnalyzer.Token, _ units: [UInt16]) -> Bool {
        if token.category == "記号" { return hasLetterOrDigit(units[token.range]) }
        return token.category == "名詞" && token.subcategory != "非自立" && token.subcategory != "代名詞"
    }

    /// Punctuation and symbols make no word; kana, kanji, letters and digits do.
    static func hasLetterOrDigit(_ units: ArraySlice<UInt16>) -> Bool {
        String(decoding: units, as: UTF16.self).unicodeScalars.contains {
            $0.properties.isAlphabetic || $0.properties.numericType != nil
        }
    }
}
