import Foundation

/// The exact number of samples a player decodes from a rendered chapter,
/// known before encoding, because MP3 and Ogg Opus carry their chapter marks
/// in the header.
///
/// For MP3 it is read from the LAME info tag (frames × samples per frame −
/// encoder delay − padding, the samples FFmpeg's decoder keeps); for other
/// formats, or an MP3 without the tag, the file is decoded and counted.
enum ChapterLength {
    static func samples(of path: String) throws(RenderError) -> Int64 {
        if path.lowercased().hasSuffix(".mp3"), let data = FileHandle(forReadingAtPath: path)?.readData(ofLength: 1 << 16),
           let counted = lameTagSamples(Array(data)) {
            return counted
        }
        let decoder = try ChapterDecoder(path: path)
        var total: Int64 = 0
        try decoder.decode { _, count throws(RenderError) in total += Int64(count) }
        return total
    }

    /// Samples declared by the LAME info tag of the first frame after the ID3v2 tag; nil without one.
    static func lameTagSamples(_ bytes: [UInt8]) -> Int64? {
        var start = 0
        if bytes.count > 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {
            let size = bytes[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            start = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
        }
        guard start + 4 <= bytes.count, bytes[start] == 0xFF, bytes[start + 1] & 0xE0 == 0xE0 else { return nil }
        let mpeg1 = (bytes[start + 1] >> 3) & 0x03 == 0x03
        let mono = bytes[start + 3] >> 6 == 0x03
        let crc = bytes[start + 1] & 0x01 == 0
        let sideInfo = mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17)
        var offset = start + 4 + sideInfo + (crc ? 2 : 0)
        guard offset + 8 <= bytes.count else { return nil }
        let marker = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        guard marker == "Info" || marker == "Xing" else { return nil }
        let flags = word(bytes, offset + 4)
        guard flags & 1 != 0 else { return nil }
        let frames = Int64(word(bytes, offset + 8))
        offset += 8 + 4 + (flags & 2 != 0 ? 4 : 0) + (flags & 4 != 0 ? 100 : 0) + (flags & 8 != 0 ? 4 : 0)
        guard offset + 24 <= bytes.count, String(decoding: bytes[offset..<offset + 4], as: UTF8.self) == "LAME" else { return nil }
        let packed = Int(bytes[offset + 21]) << 16 | Int(bytes[offset + 22]) << 8 | Int(bytes[offset + 23])
        let delay = Int64(packed >> 12), padding = Int64(packed & 0xFFF)
        return frames * (mpeg1 ? 1152 : 576) - delay - padding
    }

    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
