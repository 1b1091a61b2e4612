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
    case bengali, gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala
    case tibetan, myanmar, georgian, armenian, ethiopic, khmer, lao, cherokee

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
        case 0x0980...0x09FF: .bengali
        case 0x0A00...0x0A7F: .gurmukhi
        case 0x0A80...0x0AFF: .gujarati
        case 0x0B00...0x0B7F: .oriya
        case 0x0B80...0x0BFF: .tamil
        case 0x0C00...0x0C7F: .telugu
        case 0x0C80...0x0CFF: .kannada
        case 0x0D00...0x0D7F: .malayalam
        case 0x0D80...0x0DFF: .sinhala
        case 0x0E80...0x0EFF: .lao
        case 0x0F00...0x0FFF: .tibetan
        case 0x1000...0x109F: .myanmar
        case 0x10A0...0x10FF: .georgian
        case 0x0530...0x058F: .armenian
        case 0x1200...0x139F: .ethiopic
        case 0x13A0...0x13FF: .cherokee
        case 0x1780...0x17FF: .khmer
        default: .common
        }
    }

    /// The eSpeak NG languages whose voices read each script, preferred first:
    /// the choice for text in a language with no voice of its own (Sanskrit and
    /// Pali in Devanagari are read by the Hindi voice). Scripts not listed have none.
    static let voiceLanguages: [Script: [String]] = [
        .devanagari: ["hi", "mr", "ne", "kok"], .bengali: ["bn", "as", "bpy"], .gurmukhi: ["pa"], .gujarati: ["gu"],
        .oriya: ["or"], .tamil: ["ta"], .telugu: ["te"], .kannada: ["kn"], .malayalam: ["ml"], .sinhala: ["si"],
        .myanmar: ["my"], .georgian: ["ka"], .armenian: ["hy", "hyw"], .ethiopic: ["am"], .thai: ["th"],
        .cherokee: ["chr"], .arabic: ["ar", "fa", "ur"], .hebrew: ["he"], .cyrillic: ["ru", "uk", "bg"],
        .greek: ["el"], .han: ["cmn"], .kana: ["ja"],
    ]

    /// The script's name in messages.
    var name: String {
        switch self {
        case .han: "Han"
        case .kana: "kana"
        case .oriya: "Oriya"
        default: "\(self)".prefix(1).uppercased() + "\(self)".dropFirst()
        }
    }

    /// The script most letters of `units` are written in (`common` when none is).
    static func dominant<S: Sequence>(in units: S) -> Script where S.Element == UInt16 {
        var counts: [Script: Int] = [:]
        for unit in units where unit >= 0x0370 {
            let script = (0xD800...0xDFFF).contains(unit) ? Script.han : Script.of(Unicode.Scalar(unit) ?? " ")
            if script != .common { counts[script, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && "\($0.key)" > "\($1.key)") }?.key ?? .common
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
        default: voiceLanguages.filter { $0.value.contains(primary) }.map(\.key)
        }
        // eSpeak switches to its Korean voice for Hangul by itself.
        return Set(own + [.common, .hangul])
    }
}
