#if canImport(Glibc)
import Glibc
#endif

/// Writing to an open file descriptor with `write(2)` until every byte is
/// written: a short write goes on, an interrupted one is retried, and a write
/// of nothing (a full disk) or a failure is the error of the file at `path`.
/// For the files whose errors Foundation's writes may not report (`AtomicFile`)
/// and the sidecar written in buffered steps (`SidecarFile`).
enum DescriptorOutput {
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(RenderError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw written == 0 ? RenderError.diskFull(file: path) : RenderError.failedIO(file: path, doing: "cannot write")
            }
            offset += written
        }
    }
}
