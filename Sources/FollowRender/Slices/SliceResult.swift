/// What a worker reports about one rendered slice of a split chapter: its
/// streams in the output folder (temporary names the parent joins) and its
/// times in samples, counted from the first sample a decoder plays of its
/// timeline stream alone (the chapter's MP3 stream, or with `--format none`
/// its part of the single file).
///
/// Times travel as whole samples, not as the sidecar's rounded seconds, so the
/// joined chapter's times are exact.
public struct SliceResult: Hashable, Sendable, Codable {
    /// Position of the slice in its chapter's `SlicePlan`.
    public var index: Int
    public var count: Int
    /// File name of its MP3 stream in the output folder; nil with `--format none`.
    public var file: String?
    /// File name of its part of the single file; nil without one.
    public var part: String?
    /// Samples a decoder plays of the timeline stream: whole frames.
    public var samples: Int
    /// Per sentence of the slice: begin, end, then each word's begin and end.
    public var times: [[Int]]

    public init(index: Int, count: Int, file: String?, part: String?, samples: Int, times: [[Int]]) {
        self.index = index
        self.count = count
        self.file = file
        self.part = part
        self.samples = samples
        self.times = times
    }

    /// The part for a slice rendered into `file` and `part`, from its timing
    /// (whose times are exact multiples of a sample).
    init(index: Int, count: Int, file: String?, part: String?, timing: ChapterTiming) {
        let rate = Double(timing.audio.sampleRate)
        let sample = { (time: Seconds) in Int((time.value * rate).rounded()) }
        self.init(index: index, count: count, file: file, part: part, samples: sample(timing.audio.duration),
                  times: timing.sentences.map { sentence in
            [sample(sentence.begin), sample(sentence.end)] + sentence.words.flatMap { [sample($0.begin), sample($0.end)] }
        })
    }
}
