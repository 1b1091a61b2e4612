/// The spoken-form stage as the commands run it before synthesis: reads the
/// lexicons, reports their faults and the text the voices cannot speak, and
/// gives each chapter's pronunciation fingerprint for its cache key.
public enum PronunciationStage {
    /// Warnings go to `warn` as (file, message): a lexicon's own path for its
    /// faults, `bookPath` for coverage. `checked` are the chapters whose
    /// coverage is reported (those being rendered); every chapter gets a key.
    /// `lexicons` are the user's lexicon files; `voice` a voice forcing all text.
    public static func prepare(archive: EPUBArchive, bookPath: String, chapters: [Chapter], checked: [Chapter],
                               lexicons: [String], voice: String?,
                               warn: (_ file: String, _ message: String) -> Void) throws(FileFailure) -> [Int: String] {
        do {
            return try withoutActuallyEscaping(warn) { report in
                let pronouncer = Pronouncer(archive: archive, lexiconPaths: lexicons) { report($0.file, $0.message) }
                for gap in try SpeechCoverage.gaps(in: checked, pronouncer: pronouncer, engine: { try SpeechEngine.shared() },
                                                   forcedVoice: voice, bookLanguage: archive.book.metadata.language) {
                    report(bookPath, gap.description)
                }
                return try pronouncer.fingerprints(of: chapters)
            }
        } catch {
            throw FileFailure(file: bookPath, error: error)
        }
    }
}
