import Foundation

/// The spoken-form stage for one book: decides, sentence by sentence, the
/// exact text eSpeak NG is given, from the book's SSML hints and PLS lexicons,
/// the user's lexicons, the normalization rules and MeCab's Japanese readings
/// (see `SpokenFormBuilder`).
///
/// Each lexicon is read once, when a chapter first needs it; MeCab is opened
/// only for a chapter with Japanese text. Faults in lexicons go to `warn` once
/// each and never stop narration. Not thread-safe (it owns MeCab).
public final class Pronouncer {
    private let archive: EPUBArchive
    private let users: LexiconMatcher
    private let warn: (PronunciationWarning) -> Void
    private var bookLexicons: [String: Lexicon?] = [:]
    private var analyzer: JapaneseAnalyzer?
    private var warned = Set<PronunciationWarning>()
    private let normalizer: Normalizer?

    /// Reads the user lexicons at `lexiconPaths` (PLS or TSV files) now;
    /// `normalize` turns the normalization rules on (`--normalize auto`).
    public init(archive: EPUBArchive, lexiconPaths: [String], normalize: Bool = true,
                warn: @escaping (PronunciationWarning) -> Void) {
        self.archive = archive
        normalizer = normalize ? Normalizer() : nil
        let language = archive.book.metadata.language
        users = LexiconMatcher(lexiconPaths.compactMap { LexiconReader.file(at: $0, language: language, warn: warn) })
        self.warn = warn
    }

    /// The spoken form of every sentence of `chapter`, in order.
    public func spokenSentences(of chapter: Chapter) throws(RenderError) -> [SpokenSentence] {
        var builder = SpokenFormBuilder(bookLexicons: LexiconMatcher(lexicons(linkedBy: chapter)), userLexicons: users,
                                        analyzer: try analyzer(for: chapter))
        builder.normalizer = normalizer
        return builder.sentences(of: chapter, warn: report)
    }

    /// Whether nothing can replace the text of `chapter` in speech: no SSML
    /// phonemes, no lexicon (the book's or the user's), no Japanese, and no
    /// text in a language the normalization rules serve (or normalization off).
    /// Its spoken forms are then the shown text and computing them can warn of nothing.
    public func speaksAsWritten(_ chapter: Chapter) -> Bool {
        let hints = chapter.text.pronunciation
        let japanese = chapter.text.languages.contains { Lexicon.primary($0.language) == "ja" }
        let normalized = normalizer != nil
            && (Normalizer.normalizes(chapter.language) || chapter.text.languages.contains { Normalizer.normalizes($0.language) })
        return hints.phonemes.isEmpty && hints.lexicons.isEmpty && users.isEmpty && !japanese && !normalized
    }

    /// Whether only the normalization rules can change the speech of `chapter`
    /// (no SSML phonemes, lexicon or Japanese): its sentences' spoken forms
    /// can then be built one at a time as they are cut (`spokenSentence(_:in:)`).
    public func normalizesOnly(_ chapter: Chapter) -> Bool {
        guard normalizer != nil else { return false }
        let hints = chapter.text.pronunciation
        let japanese = chapter.text.languages.contains { Lexicon.primary($0.language) == "ja" }
        return hints.phonemes.isEmpty && hints.lexicons.isEmpty && users.isEmpty && !japanese
    }

    /// The spoken form of one sentence of a chapter that `normalizesOnly`,
    /// from the sentence's own text, so that a very long chapter is streamed
    /// (`segment --spoken`/`--json`) without its whole text as UTF-16.
    public func spokenSentence(_ sentence: Sentence, in chapter: Chapter, isHeading: Bool) -> SpokenSentence {
        guard let normalizer else { return SpokenSentence.asWritten(sentence, in: chapter.text) }
        let origin = sentence.range.location
        let units = Array(chapter.text.substring(sentence.range).utf16)
        var runs: [(range: Range<Int>, tag: String)] = []
        var cursor = 0
        for run in chapter.text.languages where run.range.end > origin && run.range.location < sentence.range.end {
            let lower = max(run.range.location, origin) - origin
            let upper = min(run.range.end, sentence.range.end) - origin
            if cursor < lower { runs.append((cursor..<lower, chapter.language)) }
            runs.append((lower..<upper, run.language))
            cursor = upper
        }
        if cursor < units.count { runs.append((cursor..<units.count, chapter.language)) }
        let found = normalizer.replacements(units: units, range: 0..<units.count, isHeading: isHeading,
                                            runs: runs.filter { Normalizer.normalizes($0.tag) }, isFree: { _ in true })
        return SpokenSentence.composed(sentence, units: units, replacements: SpokenBudget.fitting(found, shown: units.count).kept)
    }

    /// Sees every rewrite and refusal of the normalization rules (the normalization report).
    public func recordNormalization(_ record: @escaping (NormalizationEvent) -> Void) {
        normalizer?.record = record
    }

    /// A fingerprint of what is spoken differently from the text in `chapter`
    /// (and of the analyser): editing a lexicon changes the fingerprints of the
    /// chapters whose speech it changes, and only those, as it changes their
    /// scripts and so their cache keys.
    public func fingerprint(of chapter: Chapter) throws(RenderError) -> String {
        guard !speaksAsWritten(chapter) else { return "" }
        let spoken = try spokenSentences(of: chapter).filter(\.isReplaced)
        guard !spoken.isEmpty else { return "" }
        var parts = [analyzer?.version ?? ""]
        for sentence in spoken { parts.append("\(sentence.range.location)\u{1F}\(sentence.text)") }
        return parts.joined(separator: "\u{1E}")
    }

    /// `fingerprint(of:)` of each chapter, by spine position.
    public func fingerprints(of chapters: [Chapter]) throws(RenderError) -> [Int: String] {
        var keys: [Int: String] = [:]
        for chapter in chapters { keys[chapter.index] = try fingerprint(of: chapter) }
        return keys
    }

    /// MeCab's version and dictionary, when it has been opened.
    public var analyzerVersion: String? { analyzer?.version }

    /// Each warning once; a sentence grown past its budget once per book, whichever sentence it was.
    private func report(_ warning: PronunciationWarning) {
        var key = warning
        if warning.kind == .expansionTooLarge { (key.file, key.reason) = ("", "") }
        if warned.insert(key).inserted { warn(warning) }
    }

    /// MeCab when the chapter has Japanese text. A missing MeCab is an error:
    /// without it a Japanese book would be read as "Chinese letter"s.
    private func analyzer(for chapter: Chapter) throws(RenderError) -> JapaneseAnalyzer? {
        guard chapter.text.languages.contains(where: { Lexicon.primary($0.language) == "ja" }) else { return nil }
        if let analyzer { return analyzer }
        let opened = try JapaneseAnalyzer()
        analyzer = opened
        return opened
    }

    /// The PLS lexicons the chapter's document links, each read once; a link
    /// that climbs out of the container, or names nothing, is refused with a warning.
    private func lexicons(linkedBy chapter: Chapter) -> [Lexicon] {
        chapter.text.pronunciation.lexicons.compactMap { link -> Lexicon? in
            let path: String
            do {
                guard let reference = try ContainerPath.resolve(link.href, from: chapter.href) else { return nil }
                path = reference.path
            } catch {
                report(PronunciationWarning(.outsideContainer, file: chapter.href, entry: nil,
                                            reason: "lexicon '\(link.href)' points outside the book"))
                return nil
            }
            if let known = bookLexicons[path] { return known.map { scoped($0, to: link) } }
            let lexicon = load(path, linkedFrom: chapter.href)
            bookLexicons[path] = lexicon
            return lexicon.map { scoped($0, to: link) }
        }
    }

    private func load(_ path: String, linkedFrom chapterHref: String) -> Lexicon? {
        if !archive.book.manifest.contains(where: { $0.path == path }) {
            report(PronunciationWarning(.notInManifest, file: path, reason: "linked from \(chapterHref) but not listed in the manifest"))
        }
        let data: Data
        do {
            data = try archive.data(at: path)
        } catch {
            report(PronunciationWarning(.missing, file: path, reason: "cannot be read: \(error)"))
            return nil
        }
        return LexiconReader.pls(data, source: path, language: archive.book.metadata.language, warn: report)
    }

    /// A lexicon without its own language serves the link's `hreflang`.
    private func scoped(_ lexicon: Lexicon, to link: PronunciationHints.LexiconLink) -> Lexicon {
        guard lexicon.language == nil, let language = link.language else { return lexicon }
        var scoped = lexicon
        scoped.language = language
        return scoped
    }
}
