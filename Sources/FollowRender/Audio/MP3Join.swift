import Foundation

/// Joins MP3 streams frame by frame into one file, re-encoding nothing: the
/// segments of a split chapter into the chapter's MP3, and the chapters' MP3
/// streams into the single-file MP3 audiobook. Every audio frame is copied
/// byte for byte; each stream's ID3 tag and info tag frame are left out.
///
/// Each stream is an independent LAME stream whose first frame borrows no
/// bits from before it, and which starts and ends with silence, so a decoder
/// plays one after the other with nothing but that silence at a join. When
/// the first stream has a LAME info tag, the joined file gets one too, made
/// from it: the frame and byte counts, seek table and music CRC of the whole,
/// the first stream's encoder delay and the last one's padding, so a decoder
/// trims exactly the ends of the joined stream.
enum MP3Join {
    /// Writes `prefix` (an ID3 tag, or nothing), the info tag and every
    /// stream's audio frames to `path`; returns each stream's audio frame count.
    static func write(_ streams: [MP3Stream], prefix: [UInt8], to path: String) throws(RenderError) -> [Int] {
        let file = try OutputFile(path: path)
        try file.write(prefix[...])
        let template = streams.first?.infoFrame
        let known = streams.allSatisfy { $0.frameCount != nil }
        let total = streams.reduce(0) { $0 + ($1.frameCount ?? 0) }
        if let template { try file.write(template[...]) }
        var crc: UInt16 = 0
        var offsets = [Int](repeating: 0, count: 100)
        let wanted = (0..<100).map { $0 * total / 100 }
        var next = 1
        var audioBytes = 0
        var counts: [Int] = []
        var before = 0
        for stream in streams {
            var frames = 0
            try copyFrames(of: stream, into: file) { frame in
                while known, next < 100, wanted[next] == before + frames {
                    offsets[next] = (template?.count ?? 0) + audioBytes
                    next += 1
                }
                crc = CRC16.update(crc, frame)
                audioBytes += frame.count
                frames += 1
            }
            counts.append(frames)
            before += frames
        }
        if let template, known, let last = streams.last {
            let side = MP3Stream.header(template, at: 0)?.sideInfo ?? 9
            let bytes = template.count + audioBytes
            var info = template
            put(UInt32(total), into: &info, at: MP3Stream.InfoField.frames(side: side))
            put(UInt32(bytes), into: &info, at: MP3Stream.InfoField.bytes(side: side))
            for (index, offset) in offsets.enumerated() {
                info[MP3Stream.InfoField.table(side: side) + index] = UInt8(min(255, 256 * offset / max(bytes, 1)))
            }
            let lame = MP3Stream.InfoField.lame(side: side)
            let packed = UInt32(streams[0].delay) << 12 | UInt32(min(last.padding, 0xFFF))
            info[lame + 21] = UInt8(packed >> 16 & 0xFF)
            info[lame + 22] = UInt8(packed >> 8 & 0xFF)
            info[lame + 23] = UInt8(packed & 0xFF)
            put(UInt32(bytes), into: &info, at: lame + 28)
            info[lame + 32] = UInt8(crc >> 8)
            info[lame + 33] = UInt8(crc & 0xFF)
            let tagCRC = CRC16.update(0, info[..<(lame + 34)])
            info[lame + 34] = UInt8(tagCRC >> 8)
            info[lame + 35] = UInt8(tagCRC & 0xFF)
            try file.overwrite(info[...], at: prefix.count)
        }
        try file.close()
        return counts
    }

    /// Hands each audio frame of `stream` to `body`, then writes it to `file`, reading 1 MB at a time.
    private static func copyFrames(of stream: MP3Stream, into file: OutputFile,
                                   _ body: (ArraySlice<UInt8>) -> Void) throws(RenderError) {
        guard let handle = FileHandle(forReadingAtPath: stream.path) else {
            throw RenderError(.unreadableInput, file: stream.path, "cannot open (\(String(cString: strerror(errno))))")
        }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: UInt64(stream.audioStart))
        } catch {
            throw RenderError(.unreadableInput, file: stream.path, "cannot read: \(error.localizedDescription)")
        }
        var buffer: [UInt8] = []
        var ended = false
        while !ended {
            let chunk = (try? handle.read(upToCount: 1 << 20)) ?? nil
            if let chunk, !chunk.isEmpty { buffer += chunk } else { ended = true }
            var position = 0
            while let header = MP3Stream.header(buffer, at: position), position + header.length <= buffer.count {
                let frame = buffer[position..<position + header.length]
                body(frame)
                try file.write(frame)
                position += header.length
            }
            if position == 0, !buffer.isEmpty, ended || MP3Stream.header(buffer, at: 0) == nil {
                throw RenderError(.unreadableInput, file: stream.path, "not an MP3 frame at byte \(stream.audioStart)")
            }
            buffer.removeFirst(position)
        }
        guard buffer.isEmpty else { throw RenderError(.unreadableInput, file: stream.path, "ends inside an MP3 frame") }
    }

    private static func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(value >> (24 - 8 * UInt32(index)) & 0xFF) }
    }
}

/// CRC-16 as LAME computes it for its info tag (polynomial 0x8005, reflected, initial 0).
enum CRC16 {
    private static let table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }

    static func update<Bytes: Sequence<UInt8>>(_ crc: UInt16, _ bytes: Bytes) -> UInt16 {
        var crc = crc
        for byte in bytes { crc = (crc >> 8) ^ table[Int((crc ^ UInt16(byte)) & 0xFF)] }
        return crc
    }
}
