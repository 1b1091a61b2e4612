/// Finds text the chosen voices cannot speak: letters of a script the voice's
/// language does not read, which eSpeak NG spells out by name ("Chinese
/// letter" for each kanji the Japanese voice is given, "Japanese letter" for
/// kana given to the Chinese one) or skips. Checked on what is actually spoken,
/// so kanji that MeCab gave a reading, or a word a lexicon replaced, count as spoken.
///
/// Cheap on books without such letters: the shown text is scanned first, and
/// the spoken form is built only for chapters where something was found.
public enum SpeechCoverage {
    /// Letters of one chapter and language that the voice cannot speak.
    public struct Gap: Hashable, Sendable, CustomStringConvertible {
        public var chapter: Int
        public var href: String
        /// The language of the text, as the book tags it.
        public var language: String
        public var voice: String
        /// How many characters.
        public var count: Int
        /// The first of them, with a few characters around it.
        public var example: String

        public var description: String {
            "chapter \(chapter): \(count) character\(count == 1 ? "" : "s") in '\(language)' text that the voice "
                + "'\(voice)' cannot speak (it spells them out or skips them), e.g. \(example.debugDescription)"
        }
    }

    /// The gaps of `chapters`, per chapter and language, in order. `engine` is
    /// started only when some text is in a script not every voice reads.
    public static func gaps(in chapters: [Chapter], pronouncer: Pronouncer, engine start: () throws -> SpeechEngine,
                            forcedVoice: String?, bookLanguage: String) throws -> [Gap] {
        let candidates = chapters.filter(hasUncommonLetters)
        guard !candidates.isEmpty else { return [] }
        let engine = try start()
        let voices = try VoiceResolver(engine: engine, forced: forcedVoice, bookLanguage: bookLanguage)
        var gaps: [Gap] = []
        for chapter in candidates {
            let readable = { (language: String) -> (voice: String, scripts: Set<Script>) in
                let voice = voices.voice(for: language)
                return (voice, Script.readable(byVoiceLanguage: engine.voice(named: voice)?.languages.first ?? language))
            }
            guard hasUnreadable(chapter, readable: readable) else { continue }
            var found: [String: Gap] = [:]
            var order: [String] = []
            for sentence in try pronouncer.spokenSentences(of: chapter) {
                let units = Array(sentence.text.utf16)
                for segment in sentence.segments {
                    let language = chapter.text.language(at: segment.shown.lowerBound) ?? chapter.language
                    let (voice, scripts) = readable(language)
                    let text = String(decoding: units[segment.spoken], as: UTF16.self)
                    for scalar in unreadable(text, scripts: scripts) {
                        if found[language] == nil {
                            order.append(language)
                            found[language] = Gap(chapter: chapter.index, href: chapter.href, language: language, voice: voice,
                                                  count: 0, example: example(around: scalar, in: text))
                        }
                        found[language]!.count += 1
                    }
                }
            }
            gaps += order.compactMap { found[$0] }
        }
        return gaps
    }

    /// The letters of `text` outside `scripts`, except a Greek letter standing
    /// alone (`π`, `α`), which eSpeak reads by its name as a reader would.
    private static func unreadable(_ text: String, scripts: Set<Script>) -> [Unicode.Scalar] {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.compactMap { index in
            let script = Script.of(scalars[index])
            guard !scripts.contains(script) else { return nil }
            if script == .greek {
                let before = index > 0 ? Script.of(scalars[index - 1]) : .common
                let after = index + 1 < scalars.count ? Script.of(scalars[index + 1]) : .common
                if before != .greek, after != .greek { return nil }
            }
            return scalars[index]
        }
    }

    /// Whether the chapter has any letter of a script only some voices read.
    static func hasUncommonLetters(_ chapter: Chapter) -> Bool {
        chapter.text.text.utf16.contains { unit in
            unit >= 0x0370 && ((0xD800...0xDFFF).contains(unit) || ![.common, .hangul].contains(Script.of(Unicode.Scalar(unit) ?? " ")))
        }
    }

    /// Whether the shown text may hold a letter its run's voice cannot read:
    /// a fast scan of the code units, where everything below U+0370 (Latin,
    /// digits, punctuation) is speakable by every voice.
    private static func hasUnreadable(_ chapter: Chapter, readable: (String) -> (voice: String, scripts: Set<Script>)) -> Bool {
        let units = Array(chapter.text.text.utf16)
        for run in chapter.text.languages {
            var scripts: Set<Script>?
            for unit in units[run.range.location..<run.range.end] where unit >= 0x0370 {
                let script = (0xD800...0xDFFF).contains(unit) ? Script.han : Script.of(Unicode.Scalar(unit) ?? " ")
                if scripts == nil { scripts = readable(run.language).scripts }
                if !scripts!.contains(script) { return true }
            }
        }
        return false
    }

    private static func example(around scalar: Unicode.Scalar, in text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let index = scalars.firstIndex(of: scalar) else { return String(scalar) }
        let window = scalars[max(0, index - 6)..<min(scalars.count, index + 7)]
        return String(String.UnicodeScalarView(window))
    }
}
