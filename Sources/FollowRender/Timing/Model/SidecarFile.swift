import Foundation

/// Writes a timing sidecar sentence by sentence, so that memory does not grow
/// with the chapter: the bytes are exactly `JSONCoding.data(timing)`'s.
enum SidecarFile {
    private static let placeholder = Data(#""sentences":[]"#.utf8)

    /// Writes `timing` to `path` atomically, in the version its audio needs (`ChapterTiming.version(of:)`).
    static func write(_ timing: ChapterTiming, to path: String) throws(RenderError) {
        var timing = timing
        timing.version = ChapterTiming.version(of: timing.audio)
        try AtomicFile.write(to: path) { [timing] temporary in try stream(timing, to: temporary) }
    }

    /// A chapter's audio, written by `body` at the temporary path it is given,
    /// and its sidecar (the timing `body` returns), so that both appear under
    /// their final names or neither does: the sidecar is written before the
    /// audio is renamed into place, and removed again should that rename fail.
    /// A full disk or a stopped worker never leaves audio without its sidecar,
    /// and every chapter under its final names is one a rerun recognises as
    /// follow-render's (`RenderOutputCheck`).
    static func produceChapter(audio: String, sidecar: String, _ body: (String) throws -> ChapterTiming) throws -> ChapterTiming {
        var wroteSidecar = false
        do {
            return try AtomicFile.produce(at: audio) { temporary in
                let timing = try body(temporary)
                try write(timing, to: sidecar)
                wroteSidecar = true
                return timing
            }
        } catch {
            if wroteSidecar { try? FileManager.default.removeItem(atPath: sidecar) }
            throw error
        }
    }

    private static func stream(_ timing: ChapterTiming, to path: String) throws {
        let encoder = JSONCoding.encoder()
        var header = timing
        header.sentences = []
        let frame = try encoder.encode(header)
        guard let slot = frame.range(of: placeholder) else { throw RenderError(.write, "sidecar layout changed") }
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RenderError(.write, String(cString: strerror(errno)), cause: POSIXError.current)
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
        try file.close()
    }
}
