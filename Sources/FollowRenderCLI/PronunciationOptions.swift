import FollowRender
import Foundation

/// `--lexicon FILE` (repeatable), shared by render, segment and inspect.
enum PronunciationOptions {
    static let help = """
          --lexicon FILE    A pronunciation lexicon applied to the whole book after its own
                            (PLS, or UTF-8 TSV lines 'grapheme<TAB>replacement', /…/ = IPA);
                            repeatable, earlier files first. See Fixtures/user-lexicon.tsv.
        """

    /// The `--lexicon` files, as absolute paths, in the order given.
    static func lexicons(_ arguments: inout Arguments) throws -> [String] {
        var paths: [String] = []
        while let path = try arguments.option("--lexicon") {
            paths.append(URL(fileURLWithPath: path).standardizedFileURL.path)
        }
        return paths
    }

    /// The book's spoken-form stage; lexicon faults are printed as warnings.
    static func pronouncer(_ archive: EPUBArchive, lexicons: [String]) -> Pronouncer {
        Pronouncer(archive: archive, lexiconPaths: lexicons) { warning in
            Console.warning(file: warning.file, warning.message)
        }
    }
}
