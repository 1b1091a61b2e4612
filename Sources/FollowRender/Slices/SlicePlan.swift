/// How a long chapter is cut into slices that separate worker processes
/// synthesize and encode, to be joined into the chapter's one audio file.
///
/// Cuts fall only between paragraphs, where the narration pauses anyway. The
/// plan depends on the chapter's text alone, never on `--jobs`: eSpeak NG
/// keeps state from one sentence to the next, so a slice's audio depends on
/// where it starts, and the same cuts are what keep the output the same
/// whatever the number of workers. A chapter shorter than `splitUnits` is one
/// slice, rendered exactly as before.
public struct SlicePlan: Hashable, Sendable {
    /// UTF-16 units per slice aimed at: about 13 minutes of audio at 1x, so
    /// a worker's start-up (opening the book, reading the chapter) stays small
    /// beside its synthesis.
    public static let targetUnits = 12_000

    /// The shortest chapter that is split: chapters of ordinary length, not
    /// only very long ones, must be cut for three of them to keep two cores
    /// busy to the end.
    public static let splitUnits = 12_000

    /// The fewest slices of a split chapter. Two were not enough: three
    /// chapters of 16,000 units made 6 equal jobs for two workers, and the
    /// one that ran last alone for as long as the two workers' times differed
    /// (1.8 s of a 30 s render, traced); with 4 per chapter the jobs are half
    /// as long, and so is that tail.
    public static let minimumSlices = 4

    /// Sentence index ranges, in order, covering every sentence.
    public var slices: [Range<Int>]

    public init(chapter: Chapter) {
        let units = chapter.text.utf16Count
        let wanted = units / Self.targetUnits
        // An even count splits evenly over 2 or 4 workers.
        let count = units < Self.splitUnits ? 1 : max(Self.minimumSlices, wanted + wanted % 2)
        let cuts = Self.paragraphStarts(chapter)
        var bounds: [Int] = []
        for part in 1..<max(count, 1) {
            let ideal = units * part / count
            let after = bounds.last ?? 0
            let nearest = cuts.filter { $0 > after }
                .min { abs(chapter.sentences[$0].range.location - ideal) < abs(chapter.sentences[$1].range.location - ideal) }
            if let nearest { bounds.append(nearest) }
        }
        let edges = [0] + bounds + [chapter.sentences.count]
        slices = zip(edges, edges.dropFirst()).map { $0..<$1 }
    }

    /// Whether the chapter is cut at all.
    public var isSplit: Bool { slices.count > 1 }

    /// UTF-16 units of `chapter`'s text that slice `index` speaks, for scheduling.
    func units(of index: Int, in chapter: Chapter) -> Int {
        let range = slices[index]
        guard !range.isEmpty else { return 0 }
        return chapter.sentences[range.upperBound - 1].range.end - chapter.sentences[range.lowerBound].range.location
    }

    /// Indices of the sentences that open a paragraph (the first sentence excluded):
    /// the places the pause schedule gives a paragraph or heading pause.
    static func paragraphStarts(_ chapter: Chapter) -> [Int] {
        let paragraphs = chapter.text.paragraphs
        var paragraph = 0
        var previous: Int?
        var starts: [Int] = []
        for (index, sentence) in chapter.sentences.enumerated() {
            while paragraph + 1 < paragraphs.count, paragraphs[paragraph].range.end <= sentence.range.location {
                paragraph += 1
            }
            if let previous, previous != paragraph { starts.append(index) }
            previous = paragraph
        }
        return starts
    }
}

extension SlicePlan {
    /// Silence every slice but the last ends with, in samples: two MP3
    /// granules, so the encoder's last frames hold nothing but silence and the
    /// next slice's frames decode after them without a click.
    static let trailingSilence = 1_152

    /// What a slice's independent MP3 stream adds at a join besides its
    /// samples: LAME's end padding plus the next stream's encoder and decoder
    /// delay, 1,153 to 1,728 samples depending on the length; the middle of
    /// that range, so each join's pause is within 13 ms of the schedule's.
    static let joinPadding = 1_440

    /// The least silence a slice starts with: a frame of the single file's
    /// AAC (1,024 samples), so that its encoder's first frame holds nothing but
    /// silence and may be repeated or left out at a join (`PacketPartJoin`).
    static let minimumLead = 1_024

    /// The silence before slice `index`'s first sentence and after its last,
    /// in samples, given the chapter's pause before each sentence; nil where the
    /// chapter's own lead-in or lead-out applies.
    func edges(of index: Int, pauses: [Int]) -> (leading: Int?, trailing: Int?) {
        let leading = index > 0 ? max(Self.minimumLead, pauses[slices[index].lowerBound] - Self.trailingSilence - Self.joinPadding) : nil
        return (leading, index < slices.count - 1 ? Self.trailingSilence : nil)
    }
}
