/// The language of every stretch of a chapter's text: its language runs, made
/// ordered and non-overlapping, with uncovered stretches in the root language `""`.
struct LanguageMap {
    /// A stretch of text in one language.
    struct Piece: Equatable {
        var range: Range<Int>
        var language: String
    }

    private let pieces: [Piece]

    /// Covers `0..<count` with `runs`; where runs overlap, the earlier-starting one wins.
    init(runs: [LanguageRun], count: Int) {
        var pieces: [Piece] = []
        var cursor = 0
        for run in runs.sorted(by: { $0.range.location < $1.range.location }) {
            let start = max(run.range.location, cursor)
            let end = min(run.range.end, count)
            guard start < end else { continue }
            if cursor < start { pieces.append(Piece(range: cursor ..< start, language: "")) }
            pieces.append(Piece(range: start ..< end, language: run.language))
            cursor = end
        }
        if cursor < count { pieces.append(Piece(range: cursor ..< count, language: "")) }
        self.pieces = pieces
    }

    /// The language at `offset` (`""` outside the text).
    func language(at offset: Int) -> String {
        guard let index = index(containing: offset) else { return "" }
        return pieces[index].language
    }

    /// `range` cut where the language changes, in order.
    func pieces(of range: Range<Int>) -> [Piece] {
        guard !range.isEmpty, var index = index(containing: range.lowerBound) else { return [] }
        var result: [Piece] = []
        while index < pieces.count, pieces[index].range.lowerBound < range.upperBound {
            let piece = pieces[index]
            let clipped = max(piece.range.lowerBound, range.lowerBound) ..< min(piece.range.upperBound, range.upperBound)
            result.append(Piece(range: clipped, language: piece.language))
            index += 1
        }
        return result
    }

    /// Binary search for the piece holding `offset`.
    private func index(containing offset: Int) -> Int? {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].range.upperBound <= offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < pieces.count && pieces[low].range.contains(offset) ? low : nil
    }
}
