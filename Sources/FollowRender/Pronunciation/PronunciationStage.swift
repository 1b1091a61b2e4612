/// The spoken-form stage as the commands run it before synthesis: reads the
/// lexicons, works out every chapter's spoken forms once so that each fault of
/// a lexicon is reported before anything is spoken, and reports the text the
/// voices cannot speak. (The spoken forms themselves go into the chapter
/// scripts, `ScriptBuilder`, which report nothing again.)
public enum PronunciationStage {
    /// Warnings go to `warn` as (file, message): a lexicon's own path for its
    /// faults, `bookPath` for coverage: one line per language for the whole
    /// book. `note` gets one line per language read by a voice chosen for its script. `checked` are the chapters whose
    /// coverage is reported (those being rendered); every chapter gets a key.
    /// `lexicons` are the user's lexicon files; `normalize` turns the
    /// normalization rules on; `voice` a voice forcing all text.
    /// With `strict` (`--strict`), any of these warnings is then a failure, as
    /// a fault in the book is (see `BookOpener`): every warning is still
    /// reported first, and the refusal names the first one.
    public static func prepare(archive: EPUBArchive, bookPath: String, chapters: [Chapter], checked: [Chapter],
                               lexicons: [String], normalize: Bool = true, voice: String?, strict: Bool = false,
                               note: (String) -> Void = { _ in },
                               warn: (_ file: String, _ message: String) -> Void) throws(FileFailure) {
        var first: (file: String, message: String)?
        do {
            try withoutActuallyEscaping(warn) { warn in
                let report = { (file: String, message: String) in
                    if first == nil { first = (file, message) }
                    warn(file, message)
                }
                let pronouncer = Pronouncer(archive: archive, lexiconPaths: lexicons, normalize: normalize) { report($0.file, $0.message) }
                let coverage = try SpeechCoverage.report(in: checked, pronouncer: pronouncer, engine: { try SpeechEngine.shared() },
                                                         forcedVoice: voice, bookLanguage: archive.book.metadata.language)
                for line in coverage.notes { note(line) }
                for line in coverage.lines { report(bookPath, line) }
                // Lexicon and SSML faults are found by building the spoken forms; a chapter only the
                // normalization rules change has none to report, and its forms are built with its script.
                for chapter in chapters where !pronouncer.speaksAsWritten(chapter) && !pronouncer.normalizesOnly(chapter) {
                    _ = try pronouncer.spokenSentences(of: chapter)
                }
            }
        } catch {
            throw FileFailure(file: bookPath, error: error)
        }
        if strict, let first {
            let named = first.file == bookPath ? first.message : "\(first.file): \(first.message)"
            throw FileFailure(file: bookPath, error: RenderError(.strict, "refused with --strict: \(named)"))
        }
    }
}
