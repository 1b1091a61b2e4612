/// A LAME info tag frame for a run of MP3 audio frames copied from other
/// streams (`MP3Join`, `MP3TrackWriter`): made from a template (the first
/// stream's own info frame), with the run's frame and byte counts, seek
/// table, music CRC, encoder delay and padding, so a decoder trims exactly
/// the run's ends. Feed it the run's frames in order with `add`.
struct MP3InfoTag {
    private let template: [UInt8]
    /// The run's audio frames (the info frame excluded), known before the first is added.
    private let total: Int
    private var offsets = [Int](repeating: 0, count: 100)
    private let wanted: [Int]
    private var next = 1
    private var frames = 0
    private var audioBytes = 0
    private var crc: UInt16 = 0

    init(template: [UInt8], frames total: Int) {
        self.template = template
        self.total = total
        wanted = (0..<100).map { $0 * total / 100 }
    }

    /// Counts one audio frame of the run (in order).
    mutating func add(_ frame: ArraySlice<UInt8>) {
        while next < 100, wanted[next] == frames {
            offsets[next] = template.count + audioBytes
            next += 1
        }
        crc = CRC16.update(crc, frame)
        audioBytes += frame.count
        frames += 1
    }

    /// The info frame for the frames added, declaring `delay` samples to skip
    /// before the first and `padding` after the last (LAME's 12-bit fields).
    func bytes(delay: Int, padding: Int) -> [UInt8] {
        let side = MP3Stream.header(template, at: 0)?.sideInfo ?? 9
        let bytes = template.count + audioBytes
        var info = template
        put(UInt32(total), into: &info, at: MP3Stream.InfoField.frames(side: side))
        put(UInt32(bytes), into: &info, at: MP3Stream.InfoField.bytes(side: side))
        for (index, offset) in offsets.enumerated() {
            info[MP3Stream.InfoField.table(side: side) + index] = UInt8(min(255, 256 * offset / max(bytes, 1)))
        }
        let lame = MP3Stream.InfoField.lame(side: side)
        let packed = UInt32(min(max(delay, 0), 0xFFF)) << 12 | UInt32(min(max(padding, 0), 0xFFF))
        info[lame + 21] = UInt8(packed >> 16 & 0xFF)
        info[lame + 22] = UInt8(packed >> 8 & 0xFF)
        info[lame + 23] = UInt8(packed & 0xFF)
        put(UInt32(bytes), into: &info, at: lame + 28)
        info[lame + 32] = UInt8(crc >> 8)
        info[lame + 33] = UInt8(crc & 0xFF)
        let tagCRC = CRC16.update(0, info[..<(lame + 34)])
        info[lame + 34] = UInt8(tagCRC >> 8)
        info[lame + 35] = UInt8(tagCRC & 0xFF)
        return info
    }

    private func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(value >> (24 - 8 * UInt32(index)) & 0xFF) }
    }
}
