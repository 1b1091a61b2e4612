import Foundation

/// Joins the slices of a split chapter into its one MP3 file, its part of
/// the single file and its timing sidecar, as if one worker had rendered it.
///
/// Each slice is an independent LAME stream of whole frames with its own
/// info tag (the first with the chapter's ID3v2 tag), so the chapter's MP3 is
/// their frames one after another (`MP3Join`), with one info tag made from
/// theirs: a decoder plays each stream's frames after the previous stream's,
/// and since every slice but the last ends with silence and every slice
/// but the first starts with it (the cuts are paragraph pauses), nothing is
/// heard at a join but a pause. A slice's times count from its own first
/// sample, so they move by the decoded samples of the slices before it,
/// exactly. The slices' parts of the single file are joined the same way
/// (`PacketPartJoin`), their speech kept where the MP3 has it.
struct SliceJoiner {
    let chapter: Chapter
    let folder: String
    /// The chapter's slices, in order, with the worker results that carried them.
    let parts: [ChapterResult]
    /// The chapter's part of the single file (its final name) and codec; nil without one.
    var part: (file: String, codec: AudiobookCodec)?
    /// With `--format none`: the single file the sidecar names (relative to the folder).
    var singleFile: String?

    /// Writes the chapter's files under their final names, removes the
    /// slices' streams, and returns the chapter's result.
    func join() throws -> ChapterResult {
        guard var result = parts.first, result.slice != nil else { throw RenderError(.worker, "chapter \(chapter.index): no slices") }
        let slices = parts.compactMap(\.slice)
        defer {
            for name in slices.flatMap({ [$0.file, $0.part] }).compactMap({ $0 }) {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
        let streams = try result.audio.map { _ in
            try slices.map { slice throws(RenderError) in try MP3Stream(path: folder + "/" + (slice.file ?? "")) }
        }
        // An MP3 stream without an info tag plays the encoder delay before its first sample (`MP3Writer.leadingSamples`).
        let lead = streams?.first.map { $0.infoFrame == nil ? MP3Writer.encoderDelay + MP3Writer.decoderDelay : 0 } ?? 0
        if let part {
            let names = slices.compactMap(\.part).map { folder + "/" + $0 }
            guard names.count == slices.count else { throw RenderError(.worker, "chapter \(chapter.index): a slice has no part") }
            try AtomicFile.produce(at: folder + "/" + part.file) { temporary in
                if part.codec == .mp3 {
                    _ = try MP3Join.write(try names.map { name throws(RenderError) in try MP3Stream(path: name) }, prefix: [], to: temporary)
                } else {
                    try PacketPartJoin.write(names, targets: try targets(of: slices, lead: lead, partAt: names[0]), to: temporary)
                }
            }
        }
        var timing = try timing(of: slices, audioFile: result.audio ?? singleFile ?? "", sampleRate: result.sampleRate)
        let sidecar = folder + "/" + result.timing
        if let audio = result.audio, let streams {
            // The chapter's MP3 reaches its final name after its sidecar, so it is never there without one.
            timing = try SidecarFile.produceChapter(audio: folder + "/" + audio, sidecar: sidecar) { [timing] temporary in
                _ = try MP3Join.write(streams, prefix: try Self.tag(of: streams[0]), to: temporary)
                return timing
            }
        } else {
            timing.audio.start = Seconds(0)
            try SidecarFile.write(timing, to: sidecar)
        }
        result.duration = timing.audio.duration
        result.sentences = chapter.sentences.count
        result.words = chapter.wordCount
        result.slice = nil
        return result
    }

    /// Where each slice's first sample is in the chapter's MP3 (the sidecar's
    /// timeline), in the part's codec samples after the first slice's start
    /// (the first slice's part starts with `lead` samples of silence, as its
    /// stream does); nil when the part is the timeline itself (no MP3 file).
    private func targets(of slices: [SliceResult], lead: Int, partAt path: String) throws(RenderError) -> [Int64]? {
        guard parts.first?.audio != nil else { return nil }
        let rate = Int64(try PacketPart(path: path).parameters.sampleRate)
        let sampleRate = Int64(parts.first?.sampleRate ?? 22050)
        var offset: Int64 = 0
        return slices.enumerated().map { number, slice in
            defer { offset += Int64(slice.samples) }
            let start = number == 0 ? 0 : offset + Int64(lead)
            return (start * rate + sampleRate / 2) / sampleRate
        }
    }

    /// The ID3v2 tag at the start of a stream (the first slice's carries the chapter's tags).
    private static func tag(of stream: MP3Stream) throws(RenderError) -> [UInt8] {
        guard stream.tagSize > 0 else { return [] }
        guard let handle = FileHandle(forReadingAtPath: stream.path),
              let data = try? handle.read(upToCount: stream.tagSize), data.count == stream.tagSize else {
            throw RenderError(.unreadableInput, file: stream.path, "cannot read its tag")
        }
        try? handle.close()
        return [UInt8](data)
    }

    private func timing(of slices: [SliceResult], audioFile: String, sampleRate: Int) throws -> ChapterTiming {
        var offset = 0
        var sentences: [TimedSentence] = []
        sentences.reserveCapacity(chapter.sentences.count)
        let time = { (sample: Int) in Seconds(samples: sample, sampleRate: sampleRate) }
        for slice in slices {
            for samples in slice.times {
                let sentence = chapter.sentences[sentences.count]
                guard samples.count == 2 + 2 * sentence.words.count else {
                    throw RenderError(.worker, "chapter \(chapter.index): slice \(slice.index) does not match the chapter's words")
                }
                let words = sentence.words.enumerated().map { number, range in
                    TimedWord(range: range, begin: time(offset + samples[2 + 2 * number]), end: time(offset + samples[3 + 2 * number]))
                }
                sentences.append(TimedSentence(range: sentence.range, begin: time(offset + samples[0]), end: time(offset + samples[1]),
                                               words: words))
            }
            offset += slice.samples
        }
        guard sentences.count == chapter.sentences.count else {
            throw RenderError(.worker, "chapter \(chapter.index): the slices hold \(sentences.count) of \(chapter.sentences.count) sentences")
        }
        return ChapterTiming(
            chapter: .init(index: chapter.index, href: chapter.href, title: chapter.title),
            audio: .init(file: audioFile, sampleRate: sampleRate, duration: time(offset)),
            text: chapter.text.text,
            sentences: sentences
        )
    }
}
