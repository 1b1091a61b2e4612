/// How long a sentence's spoken form may grow beyond its shown text. Each
/// lexicon entry is bounded (`Lexicon.maximumSpoken`), but a sentence that
/// repeats a word with a long alias thousands of times still multiplies what
/// eSpeak is given, and everything sized by it (the spoken forms a worker
/// holds, the chunks it synthesizes). Replacements past the budget are read as
/// written, with one warning (`expansionTooLarge`).
enum SpokenBudget {
    /// A spoken form may be this many times as long as its sentence …
    static let factor = 8
    /// … plus this many UTF-16 units, so short sentences full of abbreviations fit.
    static let slack = 1024

    /// The most UTF-16 units spoken for a sentence of `shown` units.
    static func maximum(shown: Int) -> Int { factor * shown + slack }

    /// The replacements, in order, that keep the spoken form of a sentence of
    /// `shown` units within `maximum(shown:)`, and how many were left out.
    static func fitting(_ replacements: [Replacement], shown: Int) -> (kept: [Replacement], dropped: Int) {
        var length = shown
        var kept: [Replacement] = []
        kept.reserveCapacity(replacements.count)
        let limit = maximum(shown: shown)
        for replacement in replacements {
            // The spoken units, the `[[ ]]` of phonemes and the spaces padding may add, less the shown ones.
            let growth = replacement.spoken.utf16.count + (replacement.isPhonemes ? 4 : 0) + 2 - replacement.shown.count
            guard length + growth <= limit else { continue }
            length += growth
            kept.append(replacement)
        }
        return (kept, replacements.count - kept.count)
    }
}
