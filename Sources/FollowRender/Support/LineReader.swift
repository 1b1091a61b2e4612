#if canImport(Glibc)
import Glibc
#endif

/// Lines of a stream read in large stretches with `read(2)`-like calls, without
/// Foundation's file handles (which may start threads: a worker must stay
/// single-threaded to fork, see `WorkerServer`).
struct LineReader {
    /// Reads into the buffer; the count read, 0 at the end, negative on error (`errno`).
    private let source: (UnsafeMutableRawBufferPointer) -> Int
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var ended = false

    init(_ source: @escaping (UnsafeMutableRawBufferPointer) -> Int) { self.source = source }

    /// The next line without its newline; nil at the end of the input (a last line without a newline is dropped).
    mutating func next() -> [UInt8]? {
        var searched = 0
        while true {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            searched = buffer.count
            guard !ended else { return nil }
            let count = chunk.withUnsafeMutableBytes { source($0) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { ended = true } else { buffer += chunk[..<count] }
        }
    }
}
