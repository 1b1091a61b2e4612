import CFFmpeg
import Foundation

/// The encoded packets of a single file whose header must wait for the
/// chapter marks (MP3's ID3 CHAP frames, Opus's `CHAPTERxxx` comments): kept
/// on disk, in order, while the chapters render, and replayed into the muxer
/// once every chapter's length is known, so the file is byte for byte the one
/// packaging after the render writes. Memory holds one packet at a time.
///
/// The packets are kept in a `SpoolFile` beside the output (nothing is left
/// behind, whatever happens). Owns the packet it replays into; frees it in `deinit`.
final class PacketSpool {
    /// The file the packets are for (named in errors).
    let path: String
    /// Packets appended so far.
    private(set) var count = 0
    private let file: SpoolFile
    private var packet: UnsafeMutablePointer<AVPacket>?

    /// Opens an unnamed spool in the folder of `path`.
    init(for path: String) throws(RenderError) {
        self.path = path
        file = try SpoolFile(for: path, suffix: ".packets")
        packet = av_packet_alloc()
        guard packet != nil else { throw RenderError(.audio, file: path, "out of memory") }
    }

    deinit {
        av_packet_free(&packet)
    }

    /// Appends `packet` as the encoder produced it: timestamps, flags, side data and payload.
    func append(_ packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) {
        let elements = Int(packet.pointee.side_data_elems)
        try file.write([packet.pointee.pts, packet.pointee.dts, packet.pointee.duration, Int64(packet.pointee.flags),
                   Int64(packet.pointee.size), Int64(elements)])
        for element in 0..<elements {
            guard let side = packet.pointee.side_data?[element] else { continue }
            try file.write([Int64(side.type.rawValue), Int64(side.size)])
            try file.write(raw: side.data, count: Int(side.size))
        }
        try file.write(raw: packet.pointee.data, count: Int(packet.pointee.size))
        count += 1
    }

    /// Hands every packet to `body`, in the order appended.
    func replay(_ body: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        guard let packet else { return }
        try file.rewind()
        for _ in 0..<count {
            av_packet_unref(packet)
            let header = try file.read(6, as: Int64.self)
            try RenderError.check(av_new_packet(packet, Int32(header[4])), .audio, file: path, doing: "out of memory")
            packet.pointee.pts = header[0]
            packet.pointee.dts = header[1]
            packet.pointee.duration = header[2]
            packet.pointee.flags = Int32(header[3])
            for _ in 0..<header[5] {
                let side = try file.read(2, as: Int64.self)
                guard let data = av_packet_new_side_data(packet, AVPacketSideDataType(rawValue: UInt32(side[0])), Int(side[1])) else {
                    throw RenderError(.audio, file: path, "out of memory")
                }
                try file.read(raw: data, count: Int(side[1]))
            }
            try file.read(raw: packet.pointee.data, count: Int(header[4]))
            try body(packet)
        }
        av_packet_unref(packet)
    }
}
