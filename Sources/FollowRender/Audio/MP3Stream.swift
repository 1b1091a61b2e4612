import Foundation

/// The layout of an MP3 file this program wrote (`MP3Writer`): its ID3v2 tag,
/// its LAME info tag frame (when the bitrate leaves room for one) and its
/// audio frames, read from the file's first bytes without decoding anything.
///
/// LAME's info tag (VbrTag.c) holds, after the frame header and side info:
/// `Info`, flags, the audio frame count, the byte count (info frame and
/// audio), a 100-entry seek table, a quality word, then the LAME extension:
/// `LAME3.100`, …, 12 bits of encoder delay and 12 of padding at offset 21,
/// the music length at 28, the CRC-16 of the audio frames at 32 and the CRC-16
/// of the frame's bytes before it at 34.
struct MP3Stream {
    let path: String
    /// Bytes of the ID3v2 tag (0 without one).
    let tagSize: Int
    /// The info tag frame's bytes; nil when the stream has none.
    let infoFrame: [UInt8]?
    /// Offset of the first audio frame.
    let audioStart: Int
    /// The file's size.
    let size: Int
    /// Audio frames (info frame excluded), from the info tag; nil without one.
    let frameCount: Int?
    /// Samples per frame (576 for the MPEG-2 rates eSpeak NG's 22,050 Hz use, 1,152 for MPEG-1).
    let samplesPerFrame: Int
    /// Samples per second.
    let sampleRate: Int
    /// Encoder delay and padding declared by the info tag (0 without one).
    let delay: Int
    let padding: Int

    /// Offsets in an info frame (`side`: the side information's size).
    enum InfoField {
        static func tag(side: Int) -> Int { 4 + side }
        static func frames(side: Int) -> Int { tag(side: side) + 8 }
        static func bytes(side: Int) -> Int { tag(side: side) + 12 }
        static func table(side: Int) -> Int { tag(side: side) + 16 }
        static func lame(side: Int) -> Int { tag(side: side) + 120 }
    }

    init(path: String) throws(RenderError) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RenderError(.unreadableInput, file: path, "cannot open (\(String(cString: strerror(errno))))", cause: POSIXError.current)
        }
        defer { try? handle.close() }
        let end = (try? handle.seekToEnd()).map(Int.init) ?? 0
        try? handle.seek(toOffset: 0)
        let head = [UInt8]((try? handle.read(upToCount: 1 << 20)) ?? Data())
        size = end
        var start = 0
        if head.count > 10, head.starts(with: Array("ID3".utf8)) {
            start = 10 + head[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) } + (head[5] & 0x10 != 0 ? 10 : 0)
        }
        tagSize = start
        guard let header = Self.header(head, at: start) else { throw RenderError(.unreadableInput, file: path, "no MP3 frame after the tag") }
        samplesPerFrame = header.samples
        sampleRate = header.rate
        let side = header.sideInfo
        let marker = start + InfoField.tag(side: side)
        let lame = start + InfoField.lame(side: side)
        if marker + 4 <= head.count, ["Info", "Xing"].contains(String(decoding: head[marker..<marker + 4], as: UTF8.self)),
           lame + 36 <= head.count, start + header.length <= head.count {
            infoFrame = Array(head[start..<start + header.length])
            audioStart = start + header.length
            frameCount = Int(Self.word(head, start + InfoField.frames(side: side)))
            let packed = Int(head[lame + 21]) << 16 | Int(head[lame + 22]) << 8 | Int(head[lame + 23])
            delay = packed >> 12
            padding = packed & 0xFFF
        } else {
            infoFrame = nil
            audioStart = start
            frameCount = nil
            delay = 0
            padding = 0
        }
    }

    /// The audio frames: from the info tag, else counted through the file's frame headers.
    func frames() throws(RenderError) -> Int {
        if let frameCount { return frameCount }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RenderError(.unreadableInput, file: path, "cannot open (\(String(cString: strerror(errno))))", cause: POSIXError.current)
        }
        defer { try? handle.close() }
        var offset = audioStart
        var count = 0
        while offset < size {
            try? handle.seek(toOffset: UInt64(offset))
            guard let bytes = try? handle.read(upToCount: 4), bytes.count == 4,
                  let header = Self.header(bytes[0], bytes[1], bytes[2], bytes[3]) else {
                throw RenderError(.unreadableInput, file: path, "not an MP3 frame at byte \(offset)")
            }
            offset += header.length
            count += 1
        }
        return count
    }

    /// A frame header's length in bytes, samples, side-info size and sample rate; nil when `bytes` has none at `offset`.
    static func header(_ bytes: [UInt8], at offset: Int) -> (length: Int, samples: Int, sideInfo: Int, rate: Int)? {
        guard offset + 4 <= bytes.count else { return nil }
        return header(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
    }

    /// The frame described by four header bytes (MPEG-1, 2 or 2.5 Layer III).
    static func header(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) -> (length: Int, samples: Int, sideInfo: Int, rate: Int)? {
        guard b0 == 0xFF, b1 & 0xE0 == 0xE0, (b1 >> 1) & 0x03 == 0x01 else { return nil }
        let version = (b1 >> 3) & 0x03
        guard version != 0x01 else { return nil }
        let mpeg1 = version == 0x03
        let bitrates = mpeg1 ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
            : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        let rates = [44100, 48000, 32000]
        let bitrateIndex = Int(b2 >> 4), rateIndex = Int((b2 >> 2) & 0x03)
        guard bitrateIndex > 0, bitrateIndex < 15, rateIndex < 3 else { return nil }
        let rate = rates[rateIndex] >> (version == 0x03 ? 0 : version == 0x02 ? 1 : 2)
        let padding = Int((b2 >> 1) & 0x01)
        let mono = b3 >> 6 == 0x03
        let crc = b1 & 0x01 == 0 ? 2 : 0
        let length = (mpeg1 ? 144_000 : 72_000) * bitrates[bitrateIndex] / rate + padding
        return (length, mpeg1 ? 1152 : 576, (mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17)) + crc, rate)
    }

    static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
