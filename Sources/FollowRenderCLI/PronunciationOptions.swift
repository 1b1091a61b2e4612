import FollowRender
import Foundation

/// `--lexicon FILE` (repeatable), shared by render, segment and inspect.
enum PronunciationOptions {
    static let help = """
          --lexicon FILE    A pronunciation lexicon applied to the whole book after its own
                            (PLS, or UTF-8 TSV lines 'grapheme<TAB>replacement', /…/ = IPA);
                            repeatable, earlier files first. See Fixtures/user-lexicon.tsv.
          --normalize MODE  auto (default): read numerals, money, abbreviations, years, dates,
                            units and times as a narrator would, in English, French, German
                            and Spanish text (lexicons win); none: leave them to eSpeak NG.
        """

    /// The `--lexicon` files, as absolute paths, in the order given.
    static func lexicons(_ arguments: inout Arguments) throws -> [String] {
        var paths: [String] = []
        while let path = try arguments.option("--lexicon") {
            paths.append(URL(fileURLWithPath: path).standardizedFileURL.path)
        }
        return paths
    }

    /// `--normalize auto|none`: whether the normalization rules run (auto when not given).
    static func normalize(_ arguments: inout Arguments) throws -> Bool {
        guard let mode = try arguments.option("--normalize") else { return true }
        switch mode {
        case "auto": return true
        case "none": return false
        default: throw UsageError("--normalize must be 'auto' or 'none', not '\(mode)'")
        }
    }

    /// The book's spoken-form stage; lexicon faults are printed as warnings.
    static func pronouncer(_ archive: EPUBArchive, lexicons: [String], normalize: Bool = true) -> Pronouncer {
        Pronouncer(archive: archive, lexiconPaths: lexicons, normalize: normalize) { warning in
            Console.warning(file: warning.file, warning.message)
        }
    }
}
