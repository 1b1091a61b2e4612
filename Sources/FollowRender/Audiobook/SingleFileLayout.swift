/// Where each chapter falls in the single-file audiobook, worked out from the
/// chapters' parts (their headers, or their MP3 info tags) before anything is
/// written, so the marks go into the header of an MP3 or an Opus file.
///
/// AAC and Opus: a part decodes to its packets' whole frames, the first one
/// priming; the book's first priming frame is trimmed (edit list, pre-skip),
/// so chapter N starts where its part's packets start, at the sum of the
/// parts before it, and its own priming frame plays in the previous chapter's
/// closing silence. MP3: each stream is its frames; the joined file's info tag
/// trims the first stream's delay, and each chapter starts at the sum of the
/// frames before it (a stream without an info tag plays LAME's delay before
/// its first sample, which a chapter timed from another file skips).
/// A sidecar's time is its chapter's start plus its time, sample for sample.
struct SingleFileLayout {
    /// One chapter's audio in the file.
    struct Chapter {
        enum Stream {
            /// A part of AAC or Opus packets (its path).
            case packets(String)
            case mp3(MP3Stream)
        }

        var stream: Stream
        /// Where the chapter starts in the file, in samples at `rate`.
        var start: Int64
        /// Where it ends (the next one's start; the file's end for the last).
        var end: Int64
    }

    /// Samples per second of the file's codec.
    let rate: Int32
    /// The packets' codec (AAC, Opus); nil for MP3.
    let parameters: CodecParameters?
    let chapters: [Chapter]
    /// The file's length as a player decodes it.
    let samples: Int64

    /// The layout of the chapters whose audio is at `sources`, in book order:
    /// each source's path, and whether it is the file the chapter's sidecar
    /// times (a chapter MP3, or the part of a render without chapter audio).
    init(codec: AudiobookCodec, sources: [(path: String, timesChapter: Bool)]) throws(RenderError) {
        var chapters: [Chapter] = []
        var position: Int64 = 0
        if codec == .mp3 {
            let streams = try sources.map { source throws(RenderError) in try MP3Stream(path: source.path) }
            let tagged = streams.first?.infoFrame != nil
            for (stream, source) in zip(streams, sources) {
                let lead = !tagged && !source.timesChapter ? Int64(MP3Writer.encoderDelay + MP3Writer.decoderDelay) : 0
                chapters.append(Chapter(stream: .mp3(stream), start: position + lead, end: 0))
                position += Int64(try stream.frames() * stream.samplesPerFrame)
            }
            rate = Int32(streams.first?.sampleRate ?? 22050)
            parameters = nil
            samples = position - Int64(tagged ? (streams.first?.delay ?? 0) + (streams.last?.padding ?? 0) : 0)
        } else {
            var parameters: CodecParameters?
            var end: Int64 = 0
            for source in sources {
                let part = try PacketPart(path: source.path)
                if parameters == nil { parameters = part.parameters }
                chapters.append(Chapter(stream: .packets(source.path), start: position, end: 0))
                end = position + part.samples
                position += part.span
            }
            self.parameters = parameters
            rate = parameters?.sampleRate ?? 22050
            samples = end
        }
        for index in chapters.indices {
            chapters[index].end = index + 1 < chapters.count ? chapters[index + 1].start : samples
        }
        self.chapters = chapters
    }
}
