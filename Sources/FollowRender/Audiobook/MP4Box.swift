/// One box of an MP4 movie box held in memory: a view of its bytes (size,
/// type, body), with its child boxes when it is a container.
struct MP4Box {
    /// Boxes whose children are boxes (`meta` after its 4-byte version and flags).
    static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "udta", "meta", "ilst"]

    /// The whole box, header included; its `startIndex` identifies it within the movie box.
    let bytes: ArraySlice<UInt8>

    var start: Int { bytes.startIndex }
    var type: String { String(decoding: bytes.dropFirst(4).prefix(4), as: UTF8.self) }
    /// Bytes before the first child: size and type, and `meta`'s version and flags.
    var headerSize: Int { type == "meta" ? 12 : 8 }
    var isContainer: Bool { Self.containers.contains(type) && number(at: 0, width: 4) >= 8 }

    /// The child boxes, in order, and the index where bytes that are no box begin (the end when none).
    var children: (boxes: [MP4Box], rest: Int) {
        guard isContainer else { return ([], bytes.endIndex) }
        var boxes: [MP4Box] = []
        var offset = start + headerSize
        while offset + 8 <= bytes.endIndex {
            let size = Int(Self.number(bytes, at: offset, width: 4))
            guard size >= 8, offset + size <= bytes.endIndex else { break }
            boxes.append(MP4Box(bytes: bytes[offset..<offset + size]))
            offset += size
        }
        return (boxes, offset)
    }

    /// The first child of type `type`.
    func child(_ type: String) -> MP4Box? {
        children.boxes.first { $0.type == type }
    }

    /// The big-endian number of `width` bytes at `offset` from the box's start (0 past its end).
    func number(at offset: Int, width: Int) -> Int64 {
        Self.number(bytes, at: start + offset, width: width)
    }

    /// A big-endian number of `width` bytes at index `offset` of `bytes` (0 past its end).
    static func number(_ bytes: ArraySlice<UInt8>, at offset: Int, width: Int) -> Int64 {
        guard offset >= bytes.startIndex, offset + width <= bytes.endIndex else { return 0 }
        return bytes[offset..<offset + width].reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    /// A whole box: its 32-bit size, `type` and `body`.
    static func make(_ type: String, _ body: [UInt8]) -> [UInt8] {
        bigEndian(UInt32(8 + body.count)) + Array(type.utf8) + body
    }

    /// The 4 big-endian bytes of `number`.
    static func bigEndian(_ number: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: number >> $0) }
    }
}
