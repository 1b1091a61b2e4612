import Foundation

/// Rewrites the serial number of every page of a single-stream Ogg file in
/// place, recomputing each page's CRC, so that files do not differ by the
/// random serial libsndfile chooses. Reads one page at a time.
enum OggSerialNumbers {
    private static let headerSize = 27
    private static let serialOffset = 14
    private static let checksumOffset = 22

    static func normalize(path: String, serialNumber: UInt32) throws(RenderError) {
        do {
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            var offset: UInt64 = 0
            while true {
                try handle.seek(toOffset: offset)
                guard let header = try handle.read(upToCount: headerSize), !header.isEmpty else { break }
                guard header.count == headerSize, header.starts(with: Array("OggS".utf8)) else {
                    throw RenderError(.audio, file: path, "Ogg page expected at byte \(offset)")
                }
                let segmentCount = Int(header[header.startIndex + 26])
                let lacing = try handle.read(upToCount: segmentCount) ?? Data()
                let bodySize = lacing.reduce(0) { $0 + Int($1) }
                let body = try handle.read(upToCount: bodySize) ?? Data()
                guard lacing.count == segmentCount, body.count == bodySize else {
                    throw RenderError(.audio, file: path, "Ogg page truncated at byte \(offset)")
                }
                var page = [UInt8](header) + [UInt8](lacing) + [UInt8](body)
                write(serialNumber, into: &page, at: serialOffset)
                write(0, into: &page, at: checksumOffset)
                write(checksum(page), into: &page, at: checksumOffset)
                try handle.seek(toOffset: offset)
                try handle.write(contentsOf: Array(page[..<(headerSize + segmentCount)]))
                offset += UInt64(page.count)
            }
            try handle.synchronize()
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.audio, file: path, "cannot fix Ogg serial numbers (\(error.localizedDescription))", cause: error)
        }
    }

    private static func write(_ value: UInt32, into page: inout [UInt8], at offset: Int) {
        for byte in 0..<4 { page[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
    }

    /// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0.
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index) << 24
        for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
        return crc
    }

    private static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(UInt32(0)) { crc, byte in (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))] }
    }
}
