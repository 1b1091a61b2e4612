/// The silences between sentences, in samples: longer between paragraphs and
/// after headings, as the listener chose them (`PauseSettings`), and all
/// divided by the speed so that `2x` halves them too.
struct PauseSchedule {
    /// After the last sentence of a chapter, and the default before its first; seconds at 1x.
    static let lead = 0.25
    /// The silent clip of a sentence with nothing to say (a row of asterisks).
    static let silentSentence = 0.30

    let sampleRate: Int
    let speed: Double
    var pauses = PauseSettings.standard

    func samples(_ seconds: Double) -> Int {
        Int((seconds / speed * Double(sampleRate)).rounded())
    }

    /// The pause before each sentence of `chapter`, in order.
    func pauses(in chapter: Chapter) -> [Int] {
        let paragraphs = chapter.text.paragraphs
        let units = Array(chapter.text.text.utf16)
        var paragraph = 0
        var previous: (range: TextRange, paragraph: Int)?
        return chapter.sentences.map { sentence in
            while paragraph + 1 < paragraphs.count, paragraphs[paragraph].range.end <= sentence.range.location {
                paragraph += 1
            }
            defer { previous = (sentence.range, paragraph) }
            guard let previous else { return samples(pauses.chapter) }
            if previous.paragraph != paragraph {
                return samples(paragraphs[previous.paragraph].kind == .heading ? pauses.heading : pauses.paragraph)
            }
            let between = units[previous.range.end..<sentence.range.location]
            return samples(between.contains(0x0A) ? pauses.line : pauses.sentence)
        }
    }
}
