/// A stretch of a sentence spoken with one voice: sentences that switch
/// language (`xml:lang`) midway are synthesized piece by piece.
struct VoicePiece {
    var range: TextRange
    var voice: String
    /// The sentence's words inside `range`.
    var words: [TextRange]

    /// The pieces of `sentence`, in order, each holding at least one word.
    /// `units` is the chapter text, read for the script of a language with no voice of its own.
    static func pieces(of sentence: Sentence, in chapter: Chapter, units: [UInt16], voices: VoiceResolver) -> [VoicePiece] {
        var pieces: [VoicePiece] = []
        for run in chapter.text.languages where run.range.end > sentence.range.location && run.range.location < sentence.range.end {
            let start = max(run.range.location, sentence.range.location)
            let end = min(run.range.end, sentence.range.end)
            let voice = voices.voice(for: run.language) {
                Script.dominant(in: units[run.range.location..<min(run.range.end, units.count)].prefix(4096))
            }
            let words = sentence.words.filter { $0.location >= start && $0.location < end }
            if let last = pieces.last, last.voice == voice || words.isEmpty {
                pieces[pieces.count - 1].range.length = end - last.range.location
                pieces[pieces.count - 1].words += words
            } else {
                pieces.append(VoicePiece(range: TextRange(location: start, length: end - start), voice: voice, words: words))
            }
        }
        if pieces.count > 1, pieces[0].words.isEmpty {
            pieces[1].range = TextRange(location: pieces[0].range.location, length: pieces[1].range.end - pieces[0].range.location)
            pieces.removeFirst()
        }
        return pieces
    }
}
