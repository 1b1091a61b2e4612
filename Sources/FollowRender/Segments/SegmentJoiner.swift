import Foundation

/// Joins the segments of a split chapter into its one MP3 file and timing
/// sidecar, as if one worker had rendered it.
///
/// Each segment is an independent LAME stream of whole frames (the first
/// with the chapter's ID3v2 tag), so the chapter's MP3 is their bytes one
/// after another: a decoder plays each stream's frames after the previous
/// stream's, and since every segment but the last ends with silence and
/// every segment but the first starts with it (the cuts are paragraph
/// pauses), nothing is heard at a join but a pause. A segment's times count
/// from its own first decoded sample, so they move by the decoded samples of
/// the segments before it, exactly. The joined file has no LAME info tag:
/// decoders play the encoder delay, which the times include, as they do for
/// bitrates too low for the tag.
struct SegmentJoiner {
    let chapter: Chapter
    let folder: String
    /// The chapter's segments, in order, with the worker results that carried them.
    let parts: [ChapterResult]

    /// Writes the chapter's audio and sidecar under their final names, removes
    /// the segment streams, and returns the chapter's result.
    func join() throws -> ChapterResult {
        guard var result = parts.first, result.segment != nil else { throw RenderError(.worker, "chapter \(chapter.index): no segments") }
        let segments = parts.compactMap(\.segment)
        defer { for segment in segments { try? FileManager.default.removeItem(atPath: folder + "/" + segment.file) } }
        let timing = try SidecarFile.produceChapter(audio: folder + "/" + result.audio, sidecar: folder + "/" + result.timing) { temporary in
            try concatenate(segments.map { folder + "/" + $0.file }, into: temporary)
            return try self.timing(of: segments, audioFile: result.audio, sampleRate: result.sampleRate)
        }
        result.duration = timing.audio.duration
        result.unvoicedLanguages = Array(Set(parts.flatMap(\.unvoicedLanguages))).sorted()
        result.segment = nil
        return result
    }

    private func timing(of segments: [SegmentPart], audioFile: String, sampleRate: Int) throws -> ChapterTiming {
        var offset = 0
        var sentences: [TimedSentence] = []
        sentences.reserveCapacity(chapter.sentences.count)
        let time = { (sample: Int) in Seconds(samples: sample, sampleRate: sampleRate) }
        for segment in segments {
            for samples in segment.times {
                let sentence = chapter.sentences[sentences.count]
                guard samples.count == 2 + 2 * sentence.words.count else {
                    throw RenderError(.worker, "chapter \(chapter.index): segment \(segment.index) does not match the chapter's words")
                }
                let words = sentence.words.enumerated().map { number, range in
                    TimedWord(range: range, begin: time(offset + samples[2 + 2 * number]), end: time(offset + samples[3 + 2 * number]))
                }
                sentences.append(TimedSentence(range: sentence.range, begin: time(offset + samples[0]), end: time(offset + samples[1]),
                                               words: words))
            }
            offset += segment.samples
        }
        guard sentences.count == chapter.sentences.count else {
            throw RenderError(.worker, "chapter \(chapter.index): the segments hold \(sentences.count) of \(chapter.sentences.count) sentences")
        }
        return ChapterTiming(
            chapter: .init(index: chapter.index, href: chapter.href, title: chapter.title),
            audio: .init(file: audioFile, sampleRate: sampleRate, duration: time(offset)),
            text: chapter.text.text,
            sentences: sentences
        )
    }

    /// Streams `files` one after another into `path`.
    private func concatenate(_ files: [String], into path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RenderError(.write, file: path, "cannot create file (\(String(cString: strerror(errno))))")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? output.close() }
        for file in files {
            let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
        }
    }
}
