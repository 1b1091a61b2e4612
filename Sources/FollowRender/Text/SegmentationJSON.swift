import Foundation

/// Writes `segment --json` (a `ChapterSegmentation`, pretty-printed) sentence
/// by sentence, so that a chapter of millions of words is not encoded as one
/// tree in memory: the bytes are exactly `JSONCoding.data(segmentation, pretty: true)`'s.
public enum SegmentationJSON {
    private static let placeholder = Data(#""sentences" : ["#.utf8)

    /// Writes the segmentation of `chapter` to `handle`; `spoken` holds the
    /// spoken text of each sentence, in order (`ChapterSegmentation.init`).
    public static func write(_ chapter: Chapter, spoken: [String] = [], to handle: FileHandle) throws {
        let encoder = JSONCoding.encoder(pretty: true)
        var header = ChapterSegmentation(chapter: chapter)
        header.sentences = []
        let frame = try encoder.encode(header)
        guard let slot = frame.range(of: placeholder), let close = frame[slot.upperBound...].range(of: Data("]".utf8)) else {
            throw RenderError(.export, "segmentation layout changed")
        }
        guard !chapter.sentences.isEmpty else {
            handle.write(frame + Data("\n".utf8))
            return
        }
        handle.write(frame[..<slot.upperBound] + Data("\n".utf8))
        for (index, sentence) in chapter.sentences.enumerated() {
            let entry = ChapterSegmentation.SegmentedSentence(range: sentence.range, words: sentence.words,
                                                              spoken: index < spoken.count ? spoken[index] : nil)
            let lines = String(decoding: try encoder.encode(entry), as: UTF8.self).split(separator: "\n")
            let indented = lines.map { "    " + $0 }.joined(separator: "\n")
            handle.write(Data(((index > 0 ? ",\n" : "") + indented).utf8))
        }
        handle.write(Data("\n  ".utf8) + frame[close.lowerBound...] + Data("\n".utf8))
    }
}
