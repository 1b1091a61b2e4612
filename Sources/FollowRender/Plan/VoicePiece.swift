/// A stretch of a sentence spoken with one voice: sentences that switch
/// language (`xml:lang`) midway are synthesized piece by piece.
struct VoicePiece {
    var range: TextRange
    var voice: String
    /// The sentence's words inside `range`.
    var words: [TextRange]

    /// The pieces of `sentence`, in order, each holding at least one word.
    /// `units` is the chapter text, read for the script of a language with no voice of its own.
    /// `quoted` (in order, not overlapping) are stretches spoken by other voices
    /// than `voices` (`DialogueVoices`): quoted speech, split from its attribution.
    static func pieces(of sentence: Sentence, in chapter: Chapter, units: [UInt16], voices: VoiceResolver,
                       quoted: [DialogueVoices.Span] = []) -> [VoicePiece] {
        var pieces: [VoicePiece] = []
        for run in chapter.text.languages where run.range.end > sentence.range.location && run.range.location < sentence.range.end {
            let start = max(run.range.location, sentence.range.location)
            let end = min(run.range.end, sentence.range.end)
            let script = { Script.dominant(in: units[run.range.location..<min(run.range.end, units.count)].prefix(4096)) }
            for (stretch, resolver) in stretches(from: start, to: end, voices: voices, quoted: quoted) {
                let voice = resolver.voice(for: run.language, script: script)
                let words = sentence.words.filter { $0.location >= stretch.lowerBound && $0.location < stretch.upperBound }
                if let last = pieces.last, last.voice == voice || words.isEmpty {
                    pieces[pieces.count - 1].range.length = stretch.upperBound - last.range.location
                    pieces[pieces.count - 1].words += words
                } else {
                    pieces.append(VoicePiece(range: TextRange(location: stretch.lowerBound, length: stretch.count), voice: voice, words: words))
                }
            }
        }
        if pieces.count > 1, pieces[0].words.isEmpty {
            pieces[1].range = TextRange(location: pieces[0].range.location, length: pieces[1].range.end - pieces[0].range.location)
            pieces.removeFirst()
        }
        return pieces
    }

    /// `start..<end` cut where quoted stretches begin and end, each part with the voices that speak it.
    private static func stretches(from start: Int, to end: Int, voices: VoiceResolver,
                                  quoted: [DialogueVoices.Span]) -> [(Range<Int>, VoiceResolver)] {
        var first = quoted.partitioningIndex { $0.range.end > start }
        var result: [(Range<Int>, VoiceResolver)] = []
        var offset = start
        while offset < end {
            guard first < quoted.count, quoted[first].range.location < end else {
                result.append((offset..<end, voices))
                break
            }
            let span = quoted[first]
            if span.range.location > offset {
                result.append((offset..<span.range.location, voices))
                offset = span.range.location
            }
            let stop = min(span.range.end, end)
            result.append((offset..<stop, span.voices))
            offset = stop
            first += 1
        }
        return result
    }
}

private extension Array {
    /// The index of the first element satisfying `belongs`, which holds from some index on (binary search).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
