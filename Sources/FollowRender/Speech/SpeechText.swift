/// The one sanitizer of what eSpeak NG is given. eSpeak reads byte 0x01 as
/// the start of an embedded command (`\x01` + digits + a letter changes the
/// rate, the volume or the voice until the end of the text: one such alias
/// silenced a whole chapter) and, in phoneme mode, `[[ … ]]` as phoneme
/// mnemonics. So text from a book, a lexicon alias or a reading never carries
/// either: every control character (and line separator) becomes a space, and a second `[` or `]`
/// in a row becomes `(` or `)`. Only phonemes follow-render produced itself
/// (`phonemes(_:)`) are wrapped in `[[ ]]`.
///
/// Each UTF-16 unit becomes exactly one unit, so offsets into the text (the
/// spoken form's map to the shown words, eSpeak's word events) stay valid.
enum SpeechText {
    private static let space: UInt16 = 0x20

    /// `unit` as eSpeak may read it after `previous` (the unit already written before it, if any).
    static func unit(_ unit: UInt16, after previous: UInt16?) -> UInt16 {
        if isControl(unit) || CodeUnit.isLineBreak(unit) { return space }
        if unit == 0x5B, previous == 0x5B { return 0x28 }
        if unit == 0x5D, previous == 0x5D { return 0x29 }
        return unit
    }

    /// Appends `units`, sanitized, to `output` (which may already hold text before them).
    static func append(_ units: some Sequence<UInt16>, to output: inout [UInt16]) {
        for unit in units { output.append(Self.unit(unit, after: output.last)) }
    }

    /// `text` made safe to give eSpeak as text, unit for unit.
    static func plain(_ text: String) -> String {
        var output: [UInt16] = []
        output.reserveCapacity(text.utf16.count)
        append(text.utf16, to: &output)
        return String(decoding: output, as: UTF16.self)
    }

    /// eSpeak phoneme input for mnemonics follow-render made (`PhonemeConverter`,
    /// a lexicon's converted `<phoneme>`): `[[…]]`, with any control character
    /// and bracket inside dropped, so nothing can end it early or start another.
    static func phonemes(_ mnemonics: String) -> String {
        let inside = mnemonics.unicodeScalars.filter { !isControl($0.value) && $0 != "[" && $0 != "]" }
        return "[[" + String(String.UnicodeScalarView(inside)) + "]]"
    }

    /// Text for a synthesis call, checked once more where it reaches the
    /// engine: control characters (NUL, which would end the C string early,
    /// included) never pass, whatever the caller built; in text mode the
    /// brackets are neutralised too. `[[…]]` made by `phonemes(_:)` is kept.
    static func engineInput(_ text: String, phonemeInput: Bool) -> String {
        guard phonemeInput else { return plain(text) }
        guard text.utf16.contains(where: { isControl($0) }) else { return text }
        return String(decoding: text.utf16.map { isControl($0) ? space : $0 }, as: UTF16.self)
    }

    /// C0 controls (tab and line breaks included: eSpeak is given single
    /// lines), DEL and the C1 controls (NEL among them).
    private static func isControl(_ value: some BinaryInteger) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
