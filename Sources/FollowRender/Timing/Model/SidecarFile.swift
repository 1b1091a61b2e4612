import Foundation

/// Writes a timing sidecar sentence by sentence, so that memory does not grow
/// with the chapter: the bytes are exactly `JSONCoding.data(timing)`'s.
enum SidecarFile {
    private static let placeholder = Data(#""sentences":[]"#.utf8)

    /// Writes `timing` to `path` atomically.
    static func write(_ timing: ChapterTiming, to path: String) throws(RenderError) {
        try AtomicFile.write(to: path) { temporary in try stream(timing, to: temporary) }
    }

    private static func stream(_ timing: ChapterTiming, to path: String) throws {
        let encoder = JSONCoding.encoder()
        var header = timing
        header.sentences = []
        let frame = try encoder.encode(header)
        guard let slot = frame.range(of: placeholder) else { throw RenderError(.write, "sidecar layout changed") }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RenderError(.write, String(cString: strerror(errno)))
        }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        try file.write(contentsOf: frame[..<slot.lowerBound])
        try file.write(contentsOf: Data(#""sentences":["#.utf8))
        for (index, sentence) in timing.sentences.enumerated() {
            if index > 0 { try file.write(contentsOf: Data(",".utf8)) }
            try file.write(contentsOf: encoder.encode(sentence))
        }
        try file.write(contentsOf: Data("]".utf8))
        try file.write(contentsOf: frame[slot.upperBound...])
        try file.write(contentsOf: Data("\n".utf8))
    }
}
