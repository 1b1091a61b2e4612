/// The writing systems whose letters eSpeak NG reads only with a voice of a
/// language written in them (`common` is everything else: Latin letters,
/// digits, punctuation and symbols, which every voice reads or passes over).
enum Script: Hashable, Sendable {
    case common
    case han
    case kana
    case hangul
    case arabic
    case hebrew
    case cyrillic
    case greek
    case devanagari
    case thai

    /// The script of one character.
    static func of(_ scalar: Unicode.Scalar) -> Script {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: .han
        case 0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: .kana
        case 0x1100...0x11FF, 0x3131...0x318E, 0xAC00...0xD7AF: .hangul
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: .arabic
        case 0x0591...0x05F4: .hebrew
        case 0x0400...0x052F: .cyrillic
        case 0x0370...0x03FF, 0x1F00...0x1FFF: .greek
        case 0x0900...0x097F: .devanagari
        case 0x0E01...0x0E5B: .thai
        default: .common
        }
    }

    /// The scripts a voice for `language` (its first eSpeak language, e.g. `ja`,
    /// `cmn`, `en-us`) reads; every voice reads `common` and Hangul.
    static func readable(byVoiceLanguage language: String) -> Set<Script> {
        let primary = Lexicon.primary(language)
        let own: [Script] = switch primary {
        case "ja": [.kana]
        case "cmn", "yue", "zh", "hak": [.han]
        case "ko": [.hangul]
        case "ar", "fa", "ur", "ps", "sd", "ug": [.arabic]
        case "he", "yi": [.hebrew]
        case "ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "tt", "ba", "cv", "mn": [.cyrillic]
        case "el", "grc": [.greek]
        case "hi", "mr", "ne", "sa", "kok", "bh": [.devanagari]
        case "th": [.thai]
        default: []
        }
        // eSpeak switches to its Korean voice for Hangul by itself.
        return Set(own + [.common, .hangul])
    }
}
