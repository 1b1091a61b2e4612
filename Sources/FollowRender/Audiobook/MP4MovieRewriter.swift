import Foundation

/// Finishes an MP4 that FFmpeg's muxer wrote with its movie box (`moov`) last:
/// adds an iTunes item to `moov/udta/meta/ilst` (FFmpeg writes no freeform
/// `----` items, such as `iTunSMPB`), splits the sound track's samples back
/// into AAC frames when they were handed to the muxer grouped
/// (`MP4SampleGrouper`, `MP4SampleSplit`), and moves `moov` in front of the
/// media data ("fast start", as FFmpeg's own `+faststart` would), adding its
/// size to every chunk offset (`stco`, `co64`) so the samples are found where they moved.
///
/// The file is edited in place, like FFmpeg's fast start: the media data is
/// shifted toward the end in 1 MB blocks and the new `moov` is written from
/// the old one through a 1 MB buffer, so memory holds only the old `moov`
/// (small: one sample entry per group of frames) and the frame sizes stream from
/// the grouper's table. A chunk offset that would pass 4 GB keeps `moov` at the end instead.
enum MP4MovieRewriter {
    /// A change to one box of the old `moov`, keyed by the box's start index.
    enum Edit {
        /// The box is replaced by `size` bytes that `write` appends.
        case replace(size: Int64, write: (inout MP4BoxWriter) throws(RenderError) -> Void)
        /// The box keeps its bytes and gains these at its end.
        case append([UInt8])
    }

    /// Inserts `item` (a whole box) at the end of `ilst`, splits the sound
    /// track's samples into `grouper`'s frames when given, and moves `moov` to the front.
    static func finish(_ path: String, adding item: [UInt8], splitting grouper: MP4SampleGrouper?) throws(RenderError) {
        let fd = open(path, O_RDWR)
        guard fd >= 0 else { throw RenderError.failedIO(file: path, doing: "cannot reopen") }
        defer { close(fd) }
        let boxes = try topLevelBoxes(fd, path: path)
        guard let movie = boxes.last, movie.type == "moov", let head = boxes.first, head.type == "ftyp" else {
            throw RenderError(.audio, file: path, "the MP4 muxer did not write its movie box last")
        }
        let original = MP4Box(bytes: try read(fd, at: movie.offset, count: Int(movie.size), path: path)[...])
        var edits: [Int: Edit] = [:]
        if let grouper { edits = try MP4SampleSplit.edits(of: original, grouper: grouper, path: path) }
        guard let list = firstList(in: original) else {
            throw RenderError(.audio, file: path, "the MP4 has no iTunes tag list (moov/udta/meta/ilst)")
        }
        edits[list.start] = .append(item)
        let size = newSize(of: original, edits: edits)
        let inFront = fits(original, shift: size)
        var output = MP4BoxWriter(fd: fd, path: path, offset: inFront ? head.offset + head.size : movie.offset)
        if inFront { try shiftForward(fd, from: head.offset + head.size, to: movie.offset, by: size, path: path) }
        try emit(original, edits: edits, shift: inFront ? size : 0, to: &output)
        try output.flush()
        let end = inFront ? movie.offset + size : output.offset
        guard ftruncate(fd, off_t(end)) == 0 else { throw RenderError.failedIO(file: path, doing: "cannot write") }
    }

    /// The first `ilst` in `box`, depth first.
    private static func firstList(in box: MP4Box) -> MP4Box? {
        if box.type == "ilst" { return box }
        for child in box.children.boxes {
            if let list = firstList(in: child) { return list }
        }
        return nil
    }

    /// The size `box` has once `edits` are made.
    private static func newSize(of box: MP4Box, edits: [Int: Edit]) -> Int64 {
        switch edits[box.start] {
        case .replace(let size, _): return size
        case .append(let bytes): return Int64(box.bytes.count + bytes.count)
        case nil: break
        }
        guard box.isContainer else { return Int64(box.bytes.count) }
        let (children, rest) = box.children
        return Int64(box.headerSize) + children.reduce(0) { $0 + newSize(of: $1, edits: edits) } + Int64(box.bytes.endIndex - rest)
    }

    /// Writes `box` with `edits` made and `shift` added to every chunk offset.
    private static func emit(_ box: MP4Box, edits: [Int: Edit], shift: Int64, to output: inout MP4BoxWriter) throws(RenderError) {
        switch edits[box.start] {
        case .replace(_, let write): return try write(&output)
        case .append(let bytes):
            try output.append(number: UInt32(box.bytes.count + bytes.count))
            try output.append(box.bytes.dropFirst(4))
            return try output.append(bytes[...])
        case nil: break
        }
        if box.type == "stco" || box.type == "co64" { return try output.append(shifted(box, by: shift)[...]) }
        guard box.isContainer else { return try output.append(box.bytes) }
        try output.append(number: UInt32(newSize(of: box, edits: edits)))
        try output.append(box.bytes[(box.start + 4)..<(box.start + box.headerSize)])
        let (children, rest) = box.children
        for child in children { try emit(child, edits: edits, shift: shift, to: &output) }
        try output.append(box.bytes[rest...])
    }

    /// A chunk offset box with `shift` added to every entry.
    private static func shifted(_ box: MP4Box, by shift: Int64) -> [UInt8] {
        var bytes = Array(box.bytes)
        let width = box.type == "stco" ? 4 : 8
        let count = Int(box.number(at: 12, width: 4))
        for entry in 0..<count where 16 + (entry + 1) * width <= bytes.count {
            let at = 16 + entry * width
            let moved = UInt64(box.number(at: at, width: width)) &+ UInt64(shift)
            for byte in 0..<width { bytes[at + byte] = UInt8(truncatingIfNeeded: moved >> (8 * UInt64(width - 1 - byte))) }
        }
        return bytes
    }

    /// Whether every 32-bit chunk offset stays below 4 GB after `shift`.
    private static func fits(_ box: MP4Box, shift: Int64) -> Bool {
        if box.type == "stco" {
            let count = Int(box.number(at: 12, width: 4))
            return (0..<count).allSatisfy { entry in
                20 + entry * 4 > box.bytes.count || box.number(at: 16 + entry * 4, width: 4) + shift <= Int64(UInt32.max)
            }
        }
        return box.children.boxes.allSatisfy { fits($0, shift: shift) }
    }

    /// The file's top-level boxes: type, offset and size.
    private static func topLevelBoxes(_ fd: Int32, path: String) throws(RenderError) -> [(type: String, offset: Int64, size: Int64)] {
        let end = Int64(lseek(fd, 0, SEEK_END))
        var boxes: [(type: String, offset: Int64, size: Int64)] = []
        var offset: Int64 = 0
        while offset + 8 <= end {
            let header = try read(fd, at: offset, count: 16, path: path)
            var size = MP4Box.number(header[...], at: 0, width: 4)
            if size == 1, header.count == 16 { size = MP4Box.number(header[...], at: 8, width: 8) }
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
            try MP4BoxWriter.write(fd, bytes, at: end - count + shift, path: path)
            end -= count
        }
    }

    private static func read(_ fd: Int32, at offset: Int64, count: Int, path: String) throws(RenderError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        guard got >= 0 else { throw RenderError.failedIO(file: path, doing: "cannot read back") }
        return Array(bytes.prefix(got))
    }
}
