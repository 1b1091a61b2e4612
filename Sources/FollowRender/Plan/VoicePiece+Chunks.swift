/// Splits an over-long stretch of a sentence into chunks that are synthesized
/// one after another, so that a sentence of 100,000 characters without a full
/// stop (a poem, a list, a legal text, Japanese without 。) is spoken in
/// bounded memory. The sentence stays one span in the sidecar; its words keep
/// the times of the chunk that speaks them.
///
/// A chunk ends at the last clause boundary (a word after `,` `;` `:` a dash
/// or `、`) in the second half of the limit, else at the last word start, and
/// only inside a single word longer than the limit at the limit itself. A
/// spoken form (aliases, readings, phonemes) is cut by the same rule on what
/// is spoken (`spokenChunks`), never inside a `[[…]]` phoneme block.
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
        let relative = words.map { TextRange(location: $0.location - range.location, length: $0.length) }
        return Self.cut(Array(text.utf16), words: relative, limit: limit).map { chunk in
            VoicePiece(range: TextRange(location: range.location + chunk.range.lowerBound, length: chunk.range.count), voice: voice,
                       words: chunk.words.map { TextRange(location: $0.location + range.location, length: $0.length) })
        }
    }

    /// A spoken form's text for this piece (`SpokenSentence.piece`: what eSpeak
    /// is given, which aliases and readings may make longer than the shown
    /// text) cut into chunks of at most `limit` UTF-16 units, each with its
    /// words relative to it. Memory is bounded by what is spoken, not by what
    /// is shown; a chunk never cuts a `[[…]]` phoneme block.
    static func spokenChunks(text: String, words: [TextRange], limit: Int = VoicePiece.chunkLimit)
        -> [(text: String, words: [TextRange])] {
        let units = Array(text.utf16)
        guard units.count > limit else { return [(text, words)] }
        return cut(units, words: words, limit: limit).map { chunk in
            (String(utf16Units: units[chunk.range]),
             chunk.words.map { TextRange(location: $0.location - chunk.range.lowerBound, length: $0.length) })
        }
    }

    /// `units` cut into consecutive ranges of at most `limit` (longer only to
    /// keep a phoneme block whole), each with the words that start in it,
    /// clipped to it (positions relative to `units`).
    private static func cut(_ units: [UInt16], words: [TextRange], limit: Int) -> [(range: Range<Int>, words: [TextRange])] {
        let blocks = phonemeBlocks(units)
        let starts = words.map(\.location).filter { start in !blocks.contains { $0.lowerBound < start && start < $0.upperBound } }
        var chunks: [(range: Range<Int>, words: [TextRange])] = []
        var start = 0
        var next = 0
        while start < units.count {
            let end = units.count - start <= limit ? units.count : cut(after: start, limit: limit, starts: starts, units: units, blocks: blocks)
            var inside: [TextRange] = []
            while next < words.count, words[next].location < end {
                let word = words[next]
                inside.append(TextRange(location: word.location, length: max(0, min(word.length, end - word.location))))
                next += 1
            }
            chunks.append((start..<end, inside))
            start = end
        }
        return chunks
    }

    /// Where the chunk beginning at `start` ends.
    private static func cut(after start: Int, limit: Int, starts: [Int], units: [UInt16], blocks: [Range<Int>]) -> Int {
        let candidates = starts.filter { $0 > start && $0 <= start + limit }
        if let clause = candidates.last(where: { $0 > start + limit / 2 && Self.followsClauseEnd($0, in: units) }) { return clause }
        if let word = candidates.last { return word }
        var end = start + limit
        if let block = blocks.first(where: { $0.lowerBound < end && end < $0.upperBound }) {
            end = block.lowerBound > start ? block.lowerBound : block.upperBound
        }
        if end < units.count, UTF16.isTrailSurrogate(units[end]) { end -= 1 }
        return end
    }

    /// The `[[…]]` phoneme blocks of a spoken text (only follow-render's own
    /// reach it, `SpeechText`), as ranges from `[[` to past `]]`.
    private static func phonemeBlocks(_ units: [UInt16]) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var index = 0
        var open: Int?
        while index + 1 < units.count {
            if open == nil, units[index] == 0x5B, units[index + 1] == 0x5B {
                open = index
                index += 2
            } else if let begin = open, units[index] == 0x5D, units[index + 1] == 0x5D {
                blocks.append(begin..<(index + 2))
                open = nil
                index += 2
            } else {
                index += 1
            }
        }
        return blocks
    }

    /// Whether the units before `position`, spaces skipped, end with clause punctuation.
    private static func followsClauseEnd(_ position: Int, in units: [UInt16]) -> Bool {
        var index = position - 1
        while index >= 0, units[index] == 0x20 || units[index] == 0x0A || units[index] == 0x3000 { index -= 1 }
        return index >= 0 && clauseEnds.contains(units[index])
    }
}
