import CICU

/// A language's number words from ICU's rule-based spellout (CLDR's RBNF
/// rules): cardinals, years and ordinals are never written by hand here.
///
/// Owns one ICU formatter (`fr_spellout`, CICU), freed in `deinit`. Not
/// thread-safe: the formatter's rule set is switched per call.
final class NumberWords {
    /// CLDR's rule sets, by what they say.
    enum Style: String {
        case cardinal = "%spellout-numbering"
        case year = "%spellout-numbering-year"
        case ordinal = "%spellout-ordinal"
        case cardinalMasculine = "%spellout-cardinal-masculine"
        case cardinalFeminine = "%spellout-cardinal-feminine"
        case ordinalMasculine = "%spellout-ordinal-masculine"
        case ordinalFeminine = "%spellout-ordinal-feminine"
        /// German ordinal with the weak ending (-en: "am dritten").
        case ordinalN = "%spellout-ordinal-n"
        /// German ordinal with the strong masculine ending (-er: "dritter").
        case ordinalR = "%spellout-ordinal-r"
    }

    private let spellout: OpaquePointer
    /// The tag the rules were opened for.
    let language: String

    /// The rules of `language` (a BCP 47 tag); throws ICU's code when ICU
    /// cannot open them.
    init(language: String) throws(CLibraryError) {
        var status: Int32 = 0
        guard let opened = fr_spellout_open(language, &status) else { throw CLibraryError.icu(status) }
        spellout = opened
        self.language = language
    }

    deinit { fr_spellout_close(spellout) }

    /// `value` in words in `style`, falling back to plain cardinals when the
    /// language has no such rule set; nil only when ICU cannot spell it at all.
    func words(_ value: Int, _ style: Style = .cardinal) -> String? {
        if let words = try? spelled(value, style) { return words }
        return style == .cardinal ? nil : try? spelled(value, .cardinal)
    }

    /// `value` in words in `style` exactly; throws ICU's code when ICU refuses
    /// (`U_ILLEGAL_ARGUMENT_ERROR`: the language has no such rule set) or the
    /// words do not fit `capacity` UTF-16 units (`U_BUFFER_OVERFLOW_ERROR`).
    func spelled(_ value: Int, _ style: Style, capacity: Int = 512) throws(CLibraryError) -> String {
        var buffer = [UInt16](repeating: 0, count: capacity)
        var status: Int32 = 0
        let length = fr_spellout_format(spellout, Int64(value), style.rawValue, &buffer, Int32(buffer.count), &status)
        guard length >= 0 else { throw CLibraryError.icu(status) }
        // German rules put soft hyphens between the parts of long numbers.
        return String(decoding: buffer[0..<Int(length)].filter { $0 != 0x00AD }, as: UTF16.self)
    }

    /// Whether the language's rules have `style`.
    func has(_ style: Style) -> Bool { fr_spellout_has_rule_set(spellout, style.rawValue) != 0 }
}
