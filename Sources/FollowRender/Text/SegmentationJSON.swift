import Foundation

/// Writes `segment --json` (a `ChapterSegmentation`, pretty-printed) sentence
/// by sentence, so that a chapter of millions of words is never encoded as one
/// tree in memory, nor its text as one JSON string: the bytes are exactly
/// `JSONCoding.data(segmentation, pretty: true)`'s.
///
/// Use: `init` (the members before the sentences), `write` for each sentence
/// in order, `finish` (the rest, the text among it, in pieces).
public struct SegmentationJSON {
    private static let sentencesSlot = Data(#""sentences" : ["#.utf8)
    private static let textSlot = Data(#""text" : """#.utf8)
    /// Unicode scalars of the text escaped at a time; JSON escapes each scalar
    /// on its own, so the pieces join into the escaping of the whole.
    private static let textPiece = 65_536

    private let handle: FileHandle
    private let encoder = JSONCoding.encoder(pretty: true)
    private let text: String
    /// The frame between the sentences' brackets (for a chapter without any).
    private let between: Data
    /// The frame from the sentences' closing bracket on, its text left out.
    private let rest: Data
    private var count = 0

    /// Writes the report of `chapter` up to its first sentence to `handle`.
    public init(chapter: Chapter, to handle: FileHandle) throws {
        self.handle = handle
        text = chapter.text.text
        var header = ChapterSegmentation(chapter: chapter)
        header.sentences = []
        header.text = ""
        let frame = try encoder.encode(header)
        guard let slot = frame.range(of: Self.sentencesSlot), let close = frame[slot.upperBound...].range(of: Data("]".utf8)),
              frame.range(of: Self.textSlot) != nil else {
            throw RenderError(.export, "segmentation layout changed")
        }
        between = frame[slot.upperBound..<close.lowerBound]
        rest = frame[close.lowerBound...]
        try writeFrame(frame[..<slot.upperBound])
    }

    /// Writes the next sentence, with what eSpeak NG is given for it when known.
    public mutating func write(_ sentence: Sentence, spoken: String?) throws {
        let entry = ChapterSegmentation.SegmentedSentence(range: sentence.range, words: sentence.words, spoken: spoken)
        let lines = String(decoding: try encoder.encode(entry), as: UTF8.self).split(separator: "\n")
        let indented = lines.map { "    " + $0 }.joined(separator: "\n")
        handle.write(Data(((count > 0 ? ",\n" : "\n") + indented).utf8))
        count += 1
    }

    /// Writes the rest of the report: the sentences' end and the members after them.
    public func finish() throws {
        handle.write(count > 0 ? Data("\n  ".utf8) : between)
        try writeFrame(rest)
        handle.write(Data("\n".utf8))
    }

    /// Writes the segmentation of a segmented `chapter`; `spoken` holds the
    /// spoken text of each sentence, in order (`ChapterSegmentation.init`).
    public static func write(_ chapter: Chapter, spoken: [String] = [], to handle: FileHandle) throws {
        var writer = try SegmentationJSON(chapter: chapter, to: handle)
        for (index, sentence) in chapter.sentences.enumerated() {
            try writer.write(sentence, spoken: index < spoken.count ? spoken[index] : nil)
        }
        try writer.finish()
    }

    /// Writes a part of the frame, with the chapter's text in place of its empty `"text"`.
    private func writeFrame(_ part: Data) throws {
        guard let slot = part.range(of: Self.textSlot) else {
            handle.write(part)
            return
        }
        handle.write(part[..<(slot.upperBound - 1)])
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        while start < scalars.endIndex {
            let end = scalars.index(start, offsetBy: Self.textPiece, limitedBy: scalars.endIndex) ?? scalars.endIndex
            let escaped = try encoder.encode(String(scalars[start..<end]))
            handle.write(escaped.dropFirst().dropLast())
            start = end
        }
        handle.write(part[(slot.upperBound - 1)...])
    }
}
