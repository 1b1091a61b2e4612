/// Splits an over-long stretch of a sentence into chunks that are synthesized
/// one after another, so that a sentence of 100,000 characters without a full
/// stop (a poem, a list, a legal text, Japanese without 。) is spoken in
/// bounded memory. The sentence stays one span in the sidecar; its words keep
/// the times of the chunk that speaks them.
///
/// A chunk ends at the last clause boundary (a word after `,` `;` `:` a dash
/// or `、`) in the second half of the limit, else at the last word start, and
/// only inside a single word longer than the limit at the limit itself.
/// Stretches within the limit are left whole, so ordinary sentences are
/// synthesized exactly as before.
extension VoicePiece {
    /// The longest chunk, in UTF-16 units: about two minutes of speech at 1x.
    static let chunkLimit = 3000

    private static let clauseEnds: Set<UInt16> = Set(",;:)]—–…、，；：".utf16)

    /// This piece cut into chunks of at most `limit` UTF-16 units; `text` is
    /// the piece's own text (`range` of the chapter text).
    func chunks(text: String, limit: Int = VoicePiece.chunkLimit) -> [VoicePiece] {
        guard range.length > limit else { return [self] }
        let units = Array(text.utf16)
        let starts = words.map { $0.location - range.location }
        var chunks: [VoicePiece] = []
        var start = 0
        var next = 0
        while start < units.count {
            let end = units.count - start <= limit ? units.count : cut(after: start, limit: limit, starts: starts, units: units)
            var inside: [TextRange] = []
            while next < words.count, starts[next] < end {
                let word = words[next]
                inside.append(TextRange(location: word.location, length: min(word.length, end - starts[next])))
                next += 1
            }
            chunks.append(VoicePiece(range: TextRange(location: range.location + start, length: end - start), voice: voice, words: inside))
            start = end
        }
        return chunks
    }

    /// Where the chunk beginning at `start` ends.
    private func cut(after start: Int, limit: Int, starts: [Int], units: [UInt16]) -> Int {
        let candidates = starts.filter { $0 > start && $0 <= start + limit }
        if let clause = candidates.last(where: { $0 > start + limit / 2 && Self.followsClauseEnd($0, in: units) }) { return clause }
        if let word = candidates.last { return word }
        var end = start + limit
        if UTF16.isTrailSurrogate(units[end]) { end -= 1 }
        return end
    }

    /// Whether the units before `position`, spaces skipped, end with clause punctuation.
    private static func followsClauseEnd(_ position: Int, in units: [UInt16]) -> Bool {
        var index = position - 1
        while index >= 0, units[index] == 0x20 || units[index] == 0x0A || units[index] == 0x3000 { index -= 1 }
        return index >= 0 && clauseEnds.contains(units[index])
    }
}
