import Foundation

/// Writes MP4 boxes into an open file at a given offset through a 1 MB
/// buffer (for `MP4MovieRewriter`, which rewrites an MP4 in place).
struct MP4BoxWriter {
    let fd: Int32
    /// The file written (named in errors).
    let path: String
    /// Where the next flushed byte goes.
    var offset: Int64
    private var buffer: [UInt8] = []

    init(fd: Int32, path: String, offset: Int64) {
        self.fd = fd
        self.path = path
        self.offset = offset
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) throws(RenderError) {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Appends a big-endian 32-bit number.
    mutating func append(number: UInt32) throws(RenderError) {
        try append(MP4Box.bigEndian(number)[...])
    }

    mutating func flush() throws(RenderError) {
        try Self.write(fd, buffer, at: offset, path: path)
        offset += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` at `offset`.
    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int64, path: String) throws(RenderError) {
        var done = 0
        while done < bytes.count {
            let wrote = bytes[done...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset) + off_t(done)) }
            guard wrote > 0 else { throw RenderError.failedIO(file: path, doing: "cannot write") }
            done += wrote
        }
    }
}
