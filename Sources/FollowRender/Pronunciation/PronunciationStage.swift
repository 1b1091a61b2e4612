/// The spoken-form stage as the commands run it before synthesis: reads the
/// lexicons, works out every chapter's spoken forms once so that each fault of
/// a lexicon is reported before anything is spoken, and reports the text the
/// voices cannot speak. (The spoken forms themselves go into the chapter
/// scripts, `ScriptBuilder`, which report nothing again.)
public enum PronunciationStage {
    /// Warnings go to `warn`, each a `fault`: a lexicon's, naming the lexicon's
    /// own path; text the voices cannot speak, naming `bookPath`, one per
    /// language for the whole book. `note` gets one line per language read by a voice chosen for its script. `checked` are the chapters whose
    /// coverage is reported (those being rendered); every chapter gets a key.
    /// `lexicons` are the user's lexicon files; `normalize` turns the
    /// normalization rules on; `voice` a voice forcing all text.
    /// `--strict` is the caller's to decide (`StrictPolicy`).
    public static func prepare(archive: EPUBArchive, bookPath: String, chapters: [Chapter], checked: [Chapter],
                               lexicons: [String], normalize: Bool = true, voice: String?,
                               note: (String) -> Void = { _ in },
                               warn: (RenderWarning) -> Void) throws {
        do {
            try withoutActuallyEscaping(warn) { warn in
                let pronouncer = Pronouncer(archive: archive, lexiconPaths: lexicons, normalize: normalize) { warn(RenderWarning($0)) }
                let coverage = try SpeechCoverage.report(in: checked, pronouncer: pronouncer, engine: { try SpeechEngine.shared() },
                                                         forcedVoice: voice, bookLanguage: archive.book.metadata.language)
                for line in coverage.notes { note(line) }
                for line in coverage.lines {
                    warn(RenderWarning(.unspeakableText, severity: .fault, file: bookPath, message: line))
                }
                // Lexicon and SSML faults are found by building the spoken forms; a chapter only the
                // normalization rules change has none to report, and its forms are built with its script.
                for chapter in chapters where !pronouncer.speaksAsWritten(chapter) && !pronouncer.normalizesOnly(chapter) {
                    _ = try pronouncer.spokenSentences(of: chapter)
                }
            }
        } catch {
            throw ReportedError.of(error, for: bookPath, otherwise: .speech)
        }
    }
}
