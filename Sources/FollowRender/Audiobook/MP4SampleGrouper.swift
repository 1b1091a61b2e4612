import CFFmpeg
import Foundation

/// Hands FFmpeg's MP4 muxer the AAC frames in groups of `groupSize`, each group
/// one packet, and keeps each frame's size and duration, so that
/// `MP4MovieRewriter` can split every stored group back into its frames.
///
/// Why: FFmpeg's MP4 muxer keeps 64 bytes in memory for every packet until it
/// writes the index at the end: about 24 MB for five hours of AAC at 22,050 Hz,
/// growing with the book. Grouped, it keeps one entry per `groupSize` frames;
/// the frames' sizes wait on disk (4 bytes each, exactly the `stsz` entries)
/// and their durations as runs (an `stts` table: all 1,024 but the last few).
/// The media data are the same bytes in the same order either way.
///
/// The sizes are kept in a `SpoolFile` beside the output (nothing is left
/// behind, whatever happens). Owns the packet it fills; frees it in `deinit`.
final class MP4SampleGrouper {
    /// Frames per packet handed to the muxer (the last packet may hold fewer).
    let groupSize: Int
    /// Frames grouped so far.
    private(set) var frames: Int64 = 0
    /// Runs of equal frame durations (`stts` entries: count, duration in samples).
    private(set) var durations: [(count: UInt32, delta: UInt32)] = []
    private let path: String
    private let file: SpoolFile
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var payload: [UInt8] = []
    private var inGroup = 0
    private var lastDTS: Int64 = 0
    private var lastDuration: Int64 = 0

    /// A grouper for the MP4 at `path` (a temporary name; the size table goes beside it).
    init(for path: String, groupSize: Int = 64) throws(RenderError) {
        self.path = path
        self.groupSize = groupSize
        file = try SpoolFile(for: path, suffix: ".frames")
        packet = av_packet_alloc()
        guard packet != nil else { throw RenderError.allocationFailed(file: path) }
    }

    deinit {
        av_packet_free(&packet)
    }

    /// Adds one encoded frame; every `groupSize` frames, `write` gets one packet holding them.
    func add(_ frame: UnsafeMutablePointer<AVPacket>,
             write: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        guard let packet else { return }
        if frames > 0 { recordDuration(frame.pointee.dts - lastDTS) }
        if inGroup == 0 {
            av_packet_unref(packet)
            try RenderError.check(av_packet_copy_props(packet, frame), .audio, file: path, doing: "out of memory")
        }
        let size = Int(frame.pointee.size)
        if size > 0, let data = frame.pointee.data { payload.append(contentsOf: UnsafeBufferPointer(start: data, count: size)) }
        try file.write([UInt32(size).bigEndian])
        frames += 1
        inGroup += 1
        lastDTS = frame.pointee.dts
        lastDuration = frame.pointee.duration
        if inGroup == groupSize { try flush(write: write) }
    }

    /// Hands over the frames of an unfinished group, and records the last frame's duration.
    func finish(write: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        try flush(write: write)
        if frames > 0 { recordDuration(lastDuration) }
    }

    /// Frames in the stored groups `groups`: `groupSize` each, fewer in the last group.
    func frames(inGroups groups: Range<Int64>) -> Int64 {
        let frameIndex = { (group: Int64) in min(max(group, 0) * Int64(self.groupSize), self.frames) }
        return frameIndex(groups.upperBound) - frameIndex(groups.lowerBound)
    }

    /// Copies the frames' sizes (big-endian 32-bit `stsz` entries, in order) to `output`.
    func copySizes(to output: inout MP4BoxWriter) throws(RenderError) {
        try file.rewind()
        var left = Int(frames) * 4
        while left > 0 {
            let count = min(left, 1 << 16)
            try output.append(file.read(count, as: UInt8.self)[...])
            left -= count
        }
    }

    /// Writes the group gathered so far as one packet: the first frame's
    /// timestamps and side data, the frames' bytes, their durations' sum.
    private func flush(write: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        guard inGroup > 0, let packet else { return }
        let start = packet.pointee.dts
        var grouped = av_packet_alloc()
        defer { av_packet_free(&grouped) }
        guard let grouped else { throw RenderError.allocationFailed(file: path) }
        try RenderError.check(av_new_packet(grouped, Int32(payload.count)), .audio, file: path, doing: "out of memory")
        payload.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { grouped.pointee.data.update(from: base, count: bytes.count) }
        }
        try RenderError.check(av_packet_copy_props(grouped, packet), .audio, file: path, doing: "out of memory")
        grouped.pointee.duration = lastDTS + lastDuration - start
        payload.removeAll(keepingCapacity: true)
        inGroup = 0
        try write(grouped)
    }

    private func recordDuration(_ delta: Int64) {
        let delta = UInt32(clamping: delta)
        if let last = durations.last, last.delta == delta {
            durations[durations.count - 1].count += 1
        } else {
            durations.append((1, delta))
        }
    }
}
