import FollowRender
import Foundation

/// `--lexicon FILE` (repeatable) and `--normalize auto|none`, shared by render, batch, segment and inspect.
enum PronunciationOptions {
    /// The `--lexicon` files, as absolute paths, in the order given.
    static func lexicons(_ arguments: inout Arguments) throws -> [String] {
        try arguments.values(.lexicon).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// `--normalize auto|none`: whether the normalization rules run (auto when not given).
    static func normalize(_ arguments: inout Arguments) throws -> Bool {
        guard let mode = try arguments.value(.normalize) else { return true }
        switch mode {
        case "auto": return true
        case "none": return false
        default: throw UsageError("--normalize must be 'auto' or 'none', not '\(mode)'")
        }
    }

    /// The book's spoken-form stage; lexicon faults are printed as warnings.
    static func pronouncer(_ archive: EPUBArchive, lexicons: [String], normalize: Bool = true) -> Pronouncer {
        Pronouncer(archive: archive, lexiconPaths: lexicons, normalize: normalize) { warning in
            Console.warning(RenderWarning(warning))
        }
    }
}
