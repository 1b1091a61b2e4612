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

    /// The gaps of a book, and the voices chosen for a language by its script.
    public struct Report: Sendable {
        /// Per chapter and language, in order.
        public var gaps: [Gap] = []
        /// One `note:` line for each language read by a voice of another language
        /// that reads its script ("sa" in Devanagari by the Hindi voice).
        public var notes: [String] = []
        /// Languages whose script no installed voice reads, with the script's name.
        public var unreadScripts: [String: String] = [:]

        /// The gaps aggregated to one line per language for the whole book (a
        /// Sanskrit book of 2,014 chapters gives one line, not 2,014), with the
        /// count, the first chapters and the first example.
        public var lines: [String] {
            var order: [String] = []
            var byLanguage: [String: [Gap]] = [:]
            for gap in gaps {
                if byLanguage[gap.language] == nil { order.append(gap.language) }
                byLanguage[gap.language, default: []].append(gap)
            }
            return order.map { language in
                let found = byLanguage[language]!
                let count = found.reduce(0) { $0 + $1.count }
                let chapters = found.map(\.chapter)
                let shown = chapters.prefix(5).map(String.init).joined(separator: ", ")
                let place = chapters.count == 1 ? "chapter \(shown)"
                    : "\(chapters.count) chapters (\(shown)\(chapters.count > 5 ? ", …" : ""))"
                let why = unreadScripts[language].map { "; no installed eSpeak NG voice reads the \($0) script" } ?? ""
                return "\(place): \(count) character\(count == 1 ? "" : "s") in '\(language)' text that the voice "
                    + "'\(found[0].voice)' cannot speak (it spells them out or skips them)\(why), e.g. \(found[0].example.debugDescription)"
            }
        }
    }

    /// The gaps of `chapters`, per chapter and language, in order. `engine` is
    /// started only when some text is in a script not every voice reads.
    public static func gaps(in chapters: [Chapter], pronouncer: Pronouncer, engine start: () throws -> SpeechEngine,
                            forcedVoice: String?, bookLanguage: String) throws -> [Gap] {
        try report(in: chapters, pronouncer: pronouncer, engine: start, forcedVoice: forcedVoice, bookLanguage: bookLanguage).gaps
    }

    /// The gaps of `chapters` and the voices chosen by script for them.
    public static func report(in chapters: [Chapter], pronouncer: Pronouncer, engine start: () throws -> SpeechEngine,
                              forcedVoice: String?, bookLanguage: String) throws -> Report {
        let candidates = chapters.filter(hasUncommonLetters)
        guard !candidates.isEmpty else { return Report() }
        let engine = try start()
        let voices = try VoiceResolver(engine: engine, forced: forcedVoice, bookLanguage: bookLanguage)
        var gaps: [Gap] = []
        for chapter in candidates {
            let units = Array(chapter.text.text.utf16)
            let readable = { (language: String) -> (voice: String, scripts: Set<Script>) in
                let voice = voices.voice(for: language) {
                    Script.dominant(in: chapter.text.languages.filter { $0.language == language }.lazy
                        .flatMap { units[$0.range.location..<min($0.range.end, units.count)] }.prefix(4096))
                }
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
        var report = Report(gaps: gaps, notes: voices.scriptChoices.map(\.note))
        for (language, script) in voices.unreadScripts { report.unreadScripts[language] = script.name }
        return report
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
