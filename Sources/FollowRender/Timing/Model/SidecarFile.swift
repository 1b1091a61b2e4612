import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    /// Writes `timing` to a new file at `path` (not atomically: `write` gives it a
    /// temporary name; the worker's warm-up streams one to `/dev/null`). The
    /// header is encoded once with `JSONCoding`, the sentences with
    /// `SentenceJSON` (the same bytes, faster), into a buffer written out
    /// every 64 KB so memory stays flat.
    static func stream(_ timing: ChapterTiming, to path: String) throws {
        let encoder = JSONCoding.encoder()
        var header = timing
        header.sentences = []
        let frame = try encoder.encode(header)
        guard let slot = frame.range(of: placeholder) else { throw RenderError(.write, "sidecar layout changed") }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RenderError.failedIO(file: path, doing: "cannot create") }
        var closed = false
        defer { if !closed { close(descriptor) } }
        var buffer = [UInt8](frame[..<slot.lowerBound])
        buffer.reserveCapacity(flushSize + 4096)
        buffer.append(contentsOf: #""sentences":["#.utf8)
        for (index, sentence) in timing.sentences.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            if SentenceJSON.handles(sentence) {
                SentenceJSON.append(sentence, to: &buffer)
            } else {
                buffer.append(contentsOf: try encoder.encode(sentence))
            }
            if buffer.count >= flushSize {
                try write(buffer, to: descriptor, path: path)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(UInt8(ascii: "]"))
        buffer.append(contentsOf: frame[slot.upperBound...])
        buffer.append(0x0A)
        try write(buffer, to: descriptor, path: path)
        closed = true
        guard close(descriptor) == 0 else { throw RenderError.failedIO(file: path, doing: "cannot write") }
    }

    /// Writes all of `bytes` with `write(2)`.
    private static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(RenderError) {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(RenderError) in try DescriptorOutput.writeAll(raw, to: descriptor, path: path) }
        }.get()
    }

    /// Bytes gathered before each write.
    private static let flushSize = 64 << 10
}
