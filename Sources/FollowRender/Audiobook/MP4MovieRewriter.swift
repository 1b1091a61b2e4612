import Foundation

/// Finishes an MP4 that FFmpeg's muxer wrote with its movie box (`moov`) last:
/// adds an iTunes item to `moov/udta/meta/ilst` (FFmpeg writes no freeform
/// `----` items, such as `iTunSMPB`) and moves `moov` in front of the media
/// data ("fast start", as FFmpeg's own `+faststart` would), adding its size to
/// every chunk offset (`stco`, `co64`) so the samples are found where they moved.
///
/// The file is edited in place, like FFmpeg's fast start: the media data is
/// shifted toward the end in 1 MB blocks and the new `moov` is written from
/// the old one through a 1 MB buffer, so memory holds only the old `moov`
/// (4 bytes per AAC frame: about 1.5 MB for five hours at 22,050 Hz).
/// A chunk offset that would pass 4 GB keeps `moov` at the end instead.
enum MP4MovieRewriter {
    /// Boxes whose children are boxes (`meta` after its 4-byte version and flags).
    private static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "udta", "meta", "ilst"]

    /// Inserts `item` (a whole box) at the end of `ilst` and moves `moov` to the front.
    static func finish(_ path: String, adding item: [UInt8]) throws(RenderError) {
        let fd = open(path, O_RDWR)
        guard fd >= 0 else { throw failure(path, doing: "cannot reopen") }
        defer { close(fd) }
        let boxes = try topLevelBoxes(fd, path: path)
        guard let movie = boxes.last, movie.type == "moov", let head = boxes.first, head.type == "ftyp" else {
            throw RenderError(.audio, file: path, "the MP4 muxer did not write its movie box last")
        }
        let original = try read(fd, at: movie.offset, count: Int(movie.size), path: path)
        guard let target = listPath(original[...]) else {
            throw RenderError(.audio, file: path, "the MP4 has no iTunes tag list (moov/udta/meta/ilst)")
        }
        let shift = Int64(original.count + item.count)
        var output = BoxWriter(fd: fd, path: path)
        if fits(original[...], shift: shift) {
            try shiftForward(fd, from: head.offset + head.size, to: movie.offset, by: shift, path: path)
            output.offset = head.offset + head.size
            try emit(original[...], grownBy: item, in: target, shift: shift, to: &output)
        } else {
            output.offset = movie.offset
            try emit(original[...], grownBy: item, in: target, shift: 0, to: &output)
        }
        try output.flush()
    }

    /// The start indices of the first `ilst` in `box` (depth first) and of every box enclosing it; nil when there is none.
    private static func listPath(_ box: ArraySlice<UInt8>) -> Set<Int>? {
        let type = String(decoding: box.dropFirst(4).prefix(4), as: UTF8.self)
        if type == "ilst" { return [box.startIndex] }
        guard containers.contains(type), number(box, at: box.startIndex, width: 4) >= 8 else { return nil }
        var offset = box.startIndex + (type == "meta" ? 12 : 8)
        while offset + 8 <= box.endIndex {
            let size = Int(number(box, at: offset, width: 4))
            guard size >= 8, offset + size <= box.endIndex else { return nil }
            if let path = listPath(box[offset..<offset + size]) { return path.union([box.startIndex]) }
            offset += size
        }
        return nil
    }

    /// Writes `box` rewritten: `item` appended to the `ilst` on the path `target`
    /// (each box on it grown by the item's size), `shift` added to every chunk offset.
    private static func emit(_ box: ArraySlice<UInt8>, grownBy item: [UInt8], in target: Set<Int>, shift: Int64,
                             to output: inout BoxWriter) throws(RenderError) {
        let type = String(decoding: box.dropFirst(4).prefix(4), as: UTF8.self)
        let start = box.startIndex
        if type == "stco" || type == "co64" {
            var bytes = Array(box)
            let width = type == "stco" ? 4 : 8
            let count = Int(number(box, at: start + 12, width: 4))
            for entry in 0..<count where 16 + (entry + 1) * width <= bytes.count {
                let at = 16 + entry * width
                let moved = UInt64(number(box, at: start + at, width: width)) &+ UInt64(shift)
                for byte in 0..<width { bytes[at + byte] = UInt8(truncatingIfNeeded: moved >> (8 * UInt64(width - 1 - byte))) }
            }
            return try output.append(bytes[...])
        }
        guard containers.contains(type), number(box, at: start, width: 4) >= 8 else { return try output.append(box) }
        let grows = target.contains(start)
        let headerSize = type == "meta" ? 12 : 8
        let size = UInt32(box.count + (grows ? item.count : 0))
        try output.append([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) }[...])
        try output.append(box[(start + 4)..<(start + headerSize)])
        var offset = start + headerSize
        while type != "ilst", offset + 8 <= box.endIndex {
            let size = Int(number(box, at: offset, width: 4))
            guard size >= 8, offset + size <= box.endIndex else { break }
            try emit(box[offset..<offset + size], grownBy: item, in: target, shift: shift, to: &output)
            offset += size
        }
        try output.append(box[offset...])
        if type == "ilst", grows { try output.append(item[...]) }
    }

    /// Writes boxes at a file offset through a 1 MB buffer.
    private struct BoxWriter {
        let fd: Int32
        let path: String
        var offset: Int64 = 0
        private var buffer: [UInt8] = []

        init(fd: Int32, path: String) {
            self.fd = fd
            self.path = path
        }

        mutating func append(_ bytes: ArraySlice<UInt8>) throws(RenderError) {
            buffer += bytes
            if buffer.count >= 1 << 20 { try flush() }
        }

        mutating func flush() throws(RenderError) {
            try MP4MovieRewriter.write(fd, buffer, at: offset, path: path)
            offset += Int64(buffer.count)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Whether every 32-bit chunk offset stays below 4 GB after `shift`.
    private static func fits(_ box: ArraySlice<UInt8>, shift: Int64) -> Bool {
        let type = String(decoding: box.dropFirst(4).prefix(4), as: UTF8.self)
        let start = box.startIndex
        if type == "stco" {
            let count = Int(number(box, at: start + 12, width: 4))
            return (0..<count).allSatisfy { entry in
                start + 20 + entry * 4 > box.endIndex || number(box, at: start + 16 + entry * 4, width: 4) + shift <= Int64(UInt32.max)
            }
        }
        guard containers.contains(type) else { return true }
        var offset = start + (type == "meta" ? 12 : 8)
        while offset + 8 <= box.endIndex {
            let size = Int(number(box, at: offset, width: 4))
            guard size >= 8, offset + size <= box.endIndex else { return true }
            if !fits(box[offset..<offset + size], shift: shift) { return false }
            offset += size
        }
        return true
    }

    /// The file's top-level boxes: type, offset and size.
    private static func topLevelBoxes(_ fd: Int32, path: String) throws(RenderError) -> [(type: String, offset: Int64, size: Int64)] {
        let end = Int64(lseek(fd, 0, SEEK_END))
        var boxes: [(type: String, offset: Int64, size: Int64)] = []
        var offset: Int64 = 0
        while offset + 8 <= end {
            let header = try read(fd, at: offset, count: 16, path: path)
            var size = number(header[...], at: 0, width: 4)
            if size == 1, header.count == 16 { size = number(header[...], at: 8, width: 8) }
            if size == 0 { size = end - offset }
            guard size >= 8, offset + size <= end else {
                throw RenderError(.audio, file: path, "the MP4 muxer wrote a box that overruns the file")
            }
            boxes.append((String(decoding: header[4..<8], as: UTF8.self), offset, size))
            offset += size
        }
        return boxes
    }

    /// Moves the bytes `[from, to)` to `[from + shift, to + shift)`, last block first.
    private static func shiftForward(_ fd: Int32, from: Int64, to: Int64, by shift: Int64, path: String) throws(RenderError) {
        let block: Int64 = 1 << 20
        var end = to
        while end > from {
            let count = min(block, end - from)
            let bytes = try read(fd, at: end - count, count: Int(count), path: path)
            try write(fd, bytes, at: end - count + shift, path: path)
            end -= count
        }
    }

    private static func read(_ fd: Int32, at offset: Int64, count: Int, path: String) throws(RenderError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        guard got >= 0 else { throw failure(path, doing: "cannot read back") }
        return Array(bytes.prefix(got))
    }

    fileprivate static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int64, path: String) throws(RenderError) {
        var done = 0
        while done < bytes.count {
            let wrote = bytes[done...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset) + off_t(done)) }
            guard wrote > 0 else { throw failure(path, doing: "cannot write") }
            done += wrote
        }
    }

    /// A big-endian number of `width` bytes.
    private static func number(_ bytes: ArraySlice<UInt8>, at offset: Int, width: Int) -> Int64 {
        guard offset >= bytes.startIndex, offset + width <= bytes.endIndex else { return 0 }
        return bytes[offset..<offset + width].reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    /// The current `errno` as an error: a full disk as `.diskFull`.
    private static func failure(_ path: String, doing what: String) -> RenderError {
        let code = errno
        let cause = String(cString: strerror(code))
        return code == ENOSPC ? RenderError.diskFull(file: path) : RenderError(.write, file: path, "\(what): \(cause)")
    }
}
