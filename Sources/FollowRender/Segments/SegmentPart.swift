/// What a worker reports about one rendered segment of a split chapter: its
/// bare MP3 stream in the output folder and its times in samples, counted
/// from the first sample a decoder plays of that stream alone.
///
/// Times travel as whole samples, not as the sidecar's rounded seconds, so the
/// joined chapter's times are exact.
public struct SegmentPart: Hashable, Sendable, Codable {
    /// Position of the segment in its chapter's `SegmentPlan`.
    public var index: Int
    public var count: Int
    /// File name of the stream in the output folder (a temporary name).
    public var file: String
    /// Samples a decoder plays of the stream: whole MP3 frames.
    public var samples: Int
    /// Per sentence of the segment: begin, end, then each word's begin and end.
    public var times: [[Int]]

    public init(index: Int, count: Int, file: String, samples: Int, times: [[Int]]) {
        self.index = index
        self.count = count
        self.file = file
        self.samples = samples
        self.times = times
    }

    /// The part for a segment rendered into `file`, from its timing (whose
    /// times are exact multiples of a sample).
    init(index: Int, count: Int, file: String, timing: ChapterTiming) {
        let rate = Double(timing.audio.sampleRate)
        let sample = { (time: Seconds) in Int((time.value * rate).rounded()) }
        self.init(index: index, count: count, file: file, samples: sample(timing.audio.duration), times: timing.sentences.map { sentence in
            [sample(sentence.begin), sample(sentence.end)] + sentence.words.flatMap { [sample($0.begin), sample($0.end)] }
        })
    }
}
