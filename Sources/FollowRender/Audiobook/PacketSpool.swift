import CFFmpeg
import Foundation

/// The encoded packets of a single file whose header must wait for the
/// chapter marks (MP3's ID3 CHAP frames, Opus's `CHAPTERxxx` comments): kept
/// on disk, in order, while the chapters render, and replayed into the muxer
/// once every chapter's length is known, so the file is byte for byte the one
/// packaging after the render writes. Memory holds one packet at a time.
///
/// Owns the `FILE` of a temporary file beside the output that is unlinked as
/// soon as it is opened (nothing is left behind, whatever happens), and the
/// packet it replays into; closes and frees them in `deinit`.
final class PacketSpool {
    /// The file the packets are for (named in errors).
    let path: String
    /// Packets appended so far.
    private(set) var count = 0
    private var file: UnsafeMutablePointer<FILE>?
    private var packet: UnsafeMutablePointer<AVPacket>?

    /// Opens an unnamed spool in the folder of `path`.
    init(for path: String) throws(RenderError) {
        self.path = path
        let spool = path + ".packets"
        guard let file = fopen(spool, "w+b") else { throw RenderError.failedIO(file: path, doing: "cannot create a temporary file") }
        unlink(spool)
        self.file = file
        packet = av_packet_alloc()
        guard packet != nil else { throw RenderError(.audio, file: path, "out of memory") }
    }

    deinit {
        av_packet_free(&packet)
        if let file { fclose(file) }
    }

    /// Appends `packet` as the encoder produced it: timestamps, flags, side data and payload.
    func append(_ packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) {
        let elements = Int(packet.pointee.side_data_elems)
        try write([packet.pointee.pts, packet.pointee.dts, packet.pointee.duration, Int64(packet.pointee.flags),
                   Int64(packet.pointee.size), Int64(elements)])
        for element in 0..<elements {
            guard let side = packet.pointee.side_data?[element] else { continue }
            try write([Int64(side.type.rawValue), Int64(side.size)])
            try write(raw: side.data, count: Int(side.size))
        }
        try write(raw: packet.pointee.data, count: Int(packet.pointee.size))
        count += 1
    }

    /// Hands every packet to `body`, in the order appended.
    func replay(_ body: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        guard let file, let packet else { return }
        guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else { throw RenderError.failedIO(file: path, doing: "cannot read back") }
        for _ in 0..<count {
            av_packet_unref(packet)
            let header = try read(6)
            try RenderError.check(av_new_packet(packet, Int32(header[4])), .audio, file: path, doing: "out of memory")
            packet.pointee.pts = header[0]
            packet.pointee.dts = header[1]
            packet.pointee.duration = header[2]
            packet.pointee.flags = Int32(header[3])
            for _ in 0..<header[5] {
                let side = try read(2)
                guard let data = av_packet_new_side_data(packet, AVPacketSideDataType(rawValue: UInt32(side[0])), Int(side[1])) else {
                    throw RenderError(.audio, file: path, "out of memory")
                }
                try read(raw: data, count: Int(side[1]))
            }
            try read(raw: packet.pointee.data, count: Int(header[4]))
            try body(packet)
        }
        av_packet_unref(packet)
    }

    private func write(_ numbers: [Int64]) throws(RenderError) {
        let written = numbers.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        guard written else { throw RenderError.failedIO(file: path, doing: "cannot write a temporary file") }
    }

    private func write(raw bytes: UnsafeRawPointer?, count: Int) throws(RenderError) {
        guard count > 0, let bytes else { return }
        guard fwrite(bytes, 1, count, file) == count else { throw RenderError.failedIO(file: path, doing: "cannot write a temporary file") }
    }

    private func read(_ count: Int) throws(RenderError) -> [Int64] {
        var numbers = [Int64](repeating: 0, count: count)
        let got = numbers.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) == $0.count }
        guard got else { throw RenderError.failedIO(file: path, doing: "cannot read back a temporary file") }
        return numbers
    }

    private func read(raw bytes: UnsafeMutableRawPointer?, count: Int) throws(RenderError) {
        guard count > 0, let bytes else { return }
        guard fread(bytes, 1, count, file) == count else { throw RenderError.failedIO(file: path, doing: "cannot read back a temporary file") }
    }
}
