import Foundation

/// Reads pronunciation lexicons: W3C PLS 1.0 documents (with libxml2, under the
/// same hostile-input limits as the book's XHTML) and the simple UTF-8 TSV
/// format of `--lexicon` (`grapheme<TAB>replacement`, a replacement in slashes
/// `/…/` being IPA). Faults never stop narration: an entry that cannot be used
/// is skipped with one warning naming it, a lexicon that cannot be read with
/// one warning naming the file.
public enum LexiconReader {
    /// The largest lexicon read (bytes); bigger ones are skipped with a warning.
    public static let maximumSize = 2 * 1024 * 1024
    static let namespace = "http://www.w3.org/2005/01/pronunciation-lexicon"

    /// A user's lexicon file: PLS when it looks like XML, else TSV. IPA in it is
    /// converted for `language` unless the PLS names its own.
    public static func file(at path: String, language: String, warn: (PronunciationWarning) -> Void) -> Lexicon? {
        let size: Int
        do {
            size = try RegularFile.size(of: path)
        } catch {
            // A folder or a FIFO is named as what it is, never as missing; a FIFO is never opened.
            warn(PronunciationWarning(error.kind == .notFound ? .missing : .unreadable, file: path, reason: error.reason))
            return nil
        }
        guard size <= maximumSize else {
            warn(PronunciationWarning(.tooLarge, file: path, reason: "larger than \(maximumSize / 1024 / 1024) MiB"))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            warn(PronunciationWarning(.unreadable, file: path, reason: "cannot be read"))
            return nil
        }
        let head = data.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if path.lowercased().hasSuffix(".pls") || head.first == UInt8(ascii: "<") {
            return pls(data, source: path, language: language, warn: warn)
        }
        return tsv(data, source: path, language: language, warn: warn)
    }

    /// A PLS document; `language` is used when the lexicon has no `xml:lang`.
    public static func pls(_ data: Data, source: String, language: String, warn: (PronunciationWarning) -> Void) -> Lexicon? {
        guard data.count <= maximumSize else {
            warn(PronunciationWarning(.tooLarge, file: source, reason: "larger than \(maximumSize / 1024 / 1024) MiB"))
            return nil
        }
        let document: XMLDocument
        do {
            document = try XMLDocument(data: data, path: source)
        } catch {
            let reason = error.line.map { "not well-formed XML (line \($0): \(error.reason))" } ?? "not well-formed XML (\(error.reason))"
            warn(PronunciationWarning(.malformed, file: source, reason: reason))
            return nil
        }
        guard let root = document.root, root.name == "lexicon", root.namespace == namespace else {
            warn(PronunciationWarning(.notPLS, file: source, reason: "not a PLS lexicon (no <lexicon> in the PLS namespace)"))
            return nil
        }
        let own = NarrationExtractor.language(of: root)
        let lexiconLanguage = own ?? language
        let alphabet = root.attribute("alphabet") ?? "ipa"
        var entries: [Lexicon.Entry] = []
        for lexeme in root.elements(named: "lexeme") {
            let graphemes = lexeme.elements(named: "grapheme").map { collapse($0.content) }.filter { !$0.isEmpty }
            guard let first = graphemes.first else { continue }
            guard let pronunciation = lexeme.elements.first(where: { $0.name == "alias" || $0.name == "phoneme" }) else {
                warn(PronunciationWarning(.emptyEntry, file: source, entry: first, reason: "no <alias> or <phoneme>"))
                continue
            }
            let text = collapse(pronunciation.content)
            let spoken: Lexicon.Spoken?
            if pronunciation.name == "alias" {
                spoken = text.isEmpty ? nil : .alias(text)
            } else {
                spoken = phonemes(text, alphabet: pronunciation.attribute("alphabet") ?? alphabet,
                                  language: lexiconLanguage, source: source, entry: first, warn: warn).map { .phonemes($0) }
            }
            guard let spoken else {
                if text.isEmpty { warn(PronunciationWarning(.emptyEntry, file: source, entry: first, reason: "empty <\(pronunciation.name)>")) }
                continue
            }
            entries += graphemes.map { Lexicon.Entry(grapheme: $0, spoken: spoken) }
        }
        return Lexicon(source: source, language: own, entries: bounded(entries, source: source, warn: warn))
    }

    /// A TSV lexicon for every language of the book; IPA is converted for `language`.
    static func tsv(_ data: Data, source: String, language: String, warn: (PronunciationWarning) -> Void) -> Lexicon? {
        guard let text = String(data: data, encoding: .utf8) else {
            warn(PronunciationWarning(.malformed, file: source, reason: "not UTF-8 text"))
            return nil
        }
        var entries: [Lexicon.Entry] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map { collapse(String($0)) }
            let entry = "line \(number + 1)"
            guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                warn(PronunciationWarning(.malformed, file: source, entry: entry, reason: "expected grapheme<TAB>replacement"))
                continue
            }
            let replacement = fields[1]
            if replacement.count > 2, replacement.hasPrefix("/"), replacement.hasSuffix("/") {
                let ipa = String(replacement.dropFirst().dropLast())
                if let mnemonics = phonemes(ipa, alphabet: "ipa", language: language, source: source,
                                            entry: "\(entry) '\(fields[0])'", warn: warn) {
                    entries.append(Lexicon.Entry(grapheme: fields[0], spoken: .phonemes(mnemonics)))
                }
            } else {
                entries.append(Lexicon.Entry(grapheme: fields[0], spoken: .alias(replacement)))
            }
        }
        return Lexicon(source: source, language: nil, entries: bounded(entries, source: source, warn: warn))
    }

    /// `entries` without those whose grapheme is longer than
    /// `Lexicon.maximumGrapheme` or whose spoken form is longer than
    /// `Lexicon.maximumSpoken` allows for it, with one warning (`aliasTooLong`)
    /// for the lexicon naming the first and how many were skipped.
    static func bounded(_ entries: [Lexicon.Entry], source: String, warn: (PronunciationWarning) -> Void) -> [Lexicon.Entry] {
        var skipped: [(entry: Lexicon.Entry, spoken: Int)] = []
        let kept = entries.filter { entry in
            let grapheme = entry.grapheme.utf16.count
            let spoken: Int
            switch entry.spoken {
            case let .alias(text): spoken = text.utf16.count
            case let .phonemes(mnemonics): spoken = mnemonics.utf16.count
            }
            let fits = grapheme <= Lexicon.maximumGrapheme && spoken <= Lexicon.maximumSpoken(graphemeLength: grapheme)
            if !fits { skipped.append((entry, spoken)) }
            return fits
        }
        if let first = skipped.first {
            let grapheme = first.entry.grapheme.utf16.count
            let what = grapheme > Lexicon.maximumGrapheme
                ? "a grapheme of \(grapheme) characters (at most \(Lexicon.maximumGrapheme))"
                : "spoken as \(first.spoken) characters, more than \(Lexicon.maximumSpoken(graphemeLength: grapheme)) for a grapheme of \(grapheme)"
            let others = skipped.count > 1 ? "; \(skipped.count - 1) more entr\(skipped.count == 2 ? "y" : "ies") like it skipped" : ""
            warn(PronunciationWarning(.aliasTooLong, file: source, entry: first.entry.grapheme, reason: what + others))
        }
        return kept
    }

    /// eSpeak mnemonics for a transcription, or nil (with a warning) when the
    /// alphabet is unknown or a symbol has no equivalent.
    static func phonemes(_ text: String, alphabet name: String, language: String, source: String, entry: String,
                         warn: (PronunciationWarning) -> Void) -> String? {
        guard !text.isEmpty else { return nil }
        guard let alphabet = PhonemeConverter.Alphabet(name: name) else {
            warn(PronunciationWarning(.unknownAlphabet, file: source, entry: entry, reason: "unknown alphabet '\(name)' (ipa or x-sampa)"))
            return nil
        }
        do {
            return try PhonemeConverter.espeak(text, alphabet: alphabet, language: language)
        } catch {
            warn(PronunciationWarning(.unmappableSymbol, file: source, entry: entry, reason: "\(error) in '\(text)'"))
            return nil
        }
    }

    private static func collapse(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
