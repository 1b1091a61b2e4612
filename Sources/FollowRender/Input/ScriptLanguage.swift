/// Guesses a book's language from the script of its letters, for inputs
/// that name none: Kana → `ja`, Han without Kana → `zh`, Hangul → `ko`,
/// Arabic → `ar`, Hebrew → `he`, Cyrillic → `ru`, Greek → `el`, Thai → `th`,
/// Devanagari → `hi`, and Latin (or nothing) → `en`.
enum ScriptLanguage {
    /// The guess over the first `sample` letters of `text`.
    static func guess(_ text: String, sample: Int = 20_000) -> String {
        var counts: [String: Int] = [:]
        var kana = 0
        var han = 0
        var letters = 0
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            if letters > sample { break }
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: han += 1
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: counts["ko", default: 0] += 1
            case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: counts["ar", default: 0] += 1
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: counts["he", default: 0] += 1
            case 0x0400...0x052F: counts["ru", default: 0] += 1
            case 0x0370...0x03FF, 0x1F00...0x1FFF: counts["el", default: 0] += 1
            case 0x0E00...0x0E7F: counts["th", default: 0] += 1
            case 0x0900...0x097F: counts["hi", default: 0] += 1
            default: counts["en", default: 0] += 1
            }
        }
        // Japanese mixes Kana with Han; any real share of Kana makes it Japanese.
        if kana > 0, kana * 20 >= kana + han { counts["ja"] = kana + han } else { counts["zh"] = han }
        let best = counts.filter { $0.value > 0 }.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
        return best?.key ?? "en"
    }
}
