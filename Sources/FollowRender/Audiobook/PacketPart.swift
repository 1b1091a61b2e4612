import CFFmpeg
import Foundation

/// One chapter's (or one segment's) share of a single-file audiobook, as a
/// worker encoded it from the chapter's PCM (`PacketPartWriter`): the codec's
/// parameters, how many samples went in, and the packets in order (timestamps
/// counted from the part's own start, flags, side data, payload). The parent
/// muxes the parts of every chapter in book order into the single file
/// (`AudiobookEncoding`), copying the packets, so the speech is encoded once.
///
/// A part stays in the rendered folder beside the chapter's sidecar (a hidden
/// file named by its key, see `SingleFileParts`), so a rerun that keeps the
/// chapter can make the single file again without speaking or encoding it.
///
/// Layout, in this machine's byte order: `FRPART1` and a zero byte, the
/// parameters' numbers (`CodecParameters`), the global header's size and
/// bytes, the samples encoded and the packet count (written when finished),
/// then per packet `pts dts duration flags size sideDataCount`, each side
/// data's `type size` and bytes, and the payload.
///
/// Reading: owns the `FILE` and the packet it replays into; frees both in `deinit`.
final class PacketPart {
    static let magic = Array("FRPART1\0".utf8)

    let path: String
    let parameters: CodecParameters
    /// Samples the encoder was given (at its own rate), silence before the speech included.
    let samples: Int64
    let packets: Int64
    private let file: UnsafeMutablePointer<FILE>
    private var packet: UnsafeMutablePointer<AVPacket>?

    /// Opens the part at `path` and reads its header.
    init(path: String) throws(RenderError) {
        self.path = path
        guard let file = fopen(path, "rb") else {
            throw RenderError(.unreadableInput, file: path, "cannot open (\(String(cString: strerror(errno))))", cause: POSIXError.current)
        }
        self.file = file
        packet = av_packet_alloc()
        do throws(RenderError) {
            guard packet != nil, try Self.read(8, as: UInt8.self, from: file, path: path) == Self.magic else {
                throw RenderError(.unreadableInput, file: path, "not a follow-render audio part")
            }
            let numbers = try Self.read(CodecParameters.numberCount + 1, as: Int64.self, from: file, path: path)
            guard numbers[CodecParameters.numberCount] >= 0, numbers[CodecParameters.numberCount] < 1 << 20 else {
                throw RenderError(.unreadableInput, file: path, "a damaged audio part")
            }
            let extradata = try Self.read(Int(numbers[CodecParameters.numberCount]), as: UInt8.self, from: file, path: path)
            parameters = CodecParameters(numbers: Array(numbers.prefix(CodecParameters.numberCount)), extradata: extradata)
            let counts = try Self.read(2, as: Int64.self, from: file, path: path)
            (samples, packets) = (counts[0], counts[1])
        } catch {
            fclose(file)
            av_packet_free(&packet)
            throw error
        }
    }

    deinit {
        av_packet_free(&packet)
        fclose(file)
    }

    /// Samples the packets decode to (whole frames), at the codec's rate.
    var span: Int64 { packets * Int64(parameters.frameSize) }

    /// Hands every packet to `body`, in order, with its timestamps as encoded (the part's own).
    func replay(_ body: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        guard let packet else { return }
        for _ in 0..<packets {
            av_packet_unref(packet)
            let header = try Self.read(6, as: Int64.self, from: file, path: path)
            guard header[4] >= 0, header[4] < 1 << 24, header[5] >= 0, header[5] < 64 else {
                throw RenderError(.unreadableInput, file: path, "a damaged audio part")
            }
            try RenderError.check(av_new_packet(packet, Int32(header[4])), .audio, file: path, doing: "out of memory")
            packet.pointee.pts = header[0]
            packet.pointee.dts = header[1]
            packet.pointee.duration = header[2]
            packet.pointee.flags = Int32(header[3])
            for _ in 0..<header[5] {
                let side = try Self.read(2, as: Int64.self, from: file, path: path)
                guard side[1] >= 0, side[1] < 1 << 20,
                      let data = av_packet_new_side_data(packet, AVPacketSideDataType(rawValue: UInt32(side[0])), Int(side[1])) else {
                    throw RenderError(.unreadableInput, file: path, "a damaged audio part")
                }
                try Self.read(into: data, count: Int(side[1]), from: file, path: path)
            }
            try Self.read(into: packet.pointee.data, count: Int(header[4]), from: file, path: path)
            try body(packet)
        }
        av_packet_unref(packet)
    }

    private static func read<Number: FixedWidthInteger>(_ count: Int, as type: Number.Type, from file: UnsafeMutablePointer<FILE>,
                                                        path: String) throws(RenderError) -> [Number] {
        var numbers = [Number](repeating: 0, count: count)
        let complete = numbers.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) == $0.count }
        guard complete else { throw RenderError(.unreadableInput, file: path, "a truncated audio part") }
        return numbers
    }

    private static func read(into bytes: UnsafeMutableRawPointer?, count: Int, from file: UnsafeMutablePointer<FILE>,
                             path: String) throws(RenderError) {
        guard count > 0, let bytes else { return }
        guard fread(bytes, 1, count, file) == count else { throw RenderError(.unreadableInput, file: path, "a truncated audio part") }
    }

    /// Writes a part: the header at `init`, the packets one by one, the counts at `finish`.
    /// Owns the `OutputFile`.
    final class Output {
        let path: String
        private let file: OutputFile
        private let countsOffset: Int
        private(set) var packets: Int64 = 0

        init(path: String, parameters: CodecParameters) throws(RenderError) {
            self.path = path
            file = try OutputFile(path: path)
            var header = PacketPart.magic
            header += Self.bytes(parameters.numbers + [Int64(parameters.extradata.count)])
            header += parameters.extradata
            countsOffset = header.count
            header += Self.bytes([0, 0])
            try file.write(header[...])
        }

        /// Appends `packet` as the encoder produced it.
        func append(_ packet: UnsafePointer<AVPacket>) throws(RenderError) {
            let elements = Int(packet.pointee.side_data_elems)
            var record = Self.bytes([packet.pointee.pts, packet.pointee.dts, packet.pointee.duration, Int64(packet.pointee.flags),
                                     Int64(packet.pointee.size), Int64(elements)])
            for element in 0..<elements {
                guard let side = packet.pointee.side_data?[element] else { continue }
                record += Self.bytes([Int64(side.type.rawValue), Int64(side.size)])
                record += UnsafeBufferPointer(start: side.data, count: Int(side.size))
            }
            if let data = packet.pointee.data { record += UnsafeBufferPointer(start: data, count: Int(packet.pointee.size)) }
            try file.write(record[...])
            packets += 1
        }

        /// Records how many samples the packets encode and closes the file.
        func finish(samples: Int64) throws(RenderError) {
            try file.overwrite(Self.bytes([samples, packets])[...], at: countsOffset)
            try file.close()
        }

        private static func bytes(_ numbers: [Int64]) -> [UInt8] {
            numbers.withUnsafeBytes { Array($0) }
        }
    }
}
