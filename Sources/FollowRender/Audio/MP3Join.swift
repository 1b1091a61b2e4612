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
        var info = template.map { MP3InfoTag(template: $0, frames: total) }
        var counts: [Int] = []
        for stream in streams {
            var frames = 0
            try forEachFrame(of: stream) { frame throws(RenderError) in
                info?.add(frame)
                try file.write(frame)
                frames += 1
            }
            counts.append(frames)
        }
        if let info, known, let first = streams.first, let last = streams.last {
            try file.overwrite(info.bytes(delay: first.delay, padding: last.padding)[...], at: prefix.count)
        }
        try file.close()
        return counts
    }

    /// Hands each audio frame of `stream` (its ID3 tag and info frame left out) to `body`, in order, reading 1 MB at a time.
    static func forEachFrame(of stream: MP3Stream, _ body: (ArraySlice<UInt8>) throws(RenderError) -> Void) throws(RenderError) {
        guard let handle = FileHandle(forReadingAtPath: stream.path) else {
            throw RenderError(.unreadableInput, file: stream.path, "cannot open (\(String(cString: strerror(errno))))", cause: POSIXError.current)
        }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: UInt64(stream.audioStart))
        } catch {
            throw RenderError(.unreadableInput, file: stream.path, "cannot read: \(error.localizedDescription)", cause: error)
        }
        var buffer: [UInt8] = []
        var ended = false
        while !ended {
            let chunk = (try? handle.read(upToCount: 1 << 20)) ?? nil
            if let chunk, !chunk.isEmpty { buffer += chunk } else { ended = true }
            var position = 0
            while let header = MP3Stream.header(buffer, at: position), position + header.length <= buffer.count {
                let frame = buffer[position..<position + header.length]
                try body(frame)
                position += header.length
            }
            if position == 0, !buffer.isEmpty, ended || MP3Stream.header(buffer, at: 0) == nil {
                throw RenderError(.unreadableInput, file: stream.path, "not an MP3 frame at byte \(stream.audioStart)")
            }
            buffer.removeFirst(position)
        }
        guard buffer.isEmpty else { throw RenderError(.unreadableInput, file: stream.path, "ends inside an MP3 frame") }
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
