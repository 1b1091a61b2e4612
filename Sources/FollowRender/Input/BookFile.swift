import Foundation

/// A book file opened once, for the whole job: its first bytes tell its
/// format, and the same descriptor is then read whole (text, Markdown, PDF) or
/// handed to libzip (an EPUB, `ZipReader` takes a duplicate of it), so the
/// process opens the book one time, and its workers never do.
///
/// Owns the descriptor; closes it in `deinit`.
final class BookFile {
    let path: String
    let descriptor: Int32

    /// Opens `path` when it is a regular file; nil otherwise (a folder, a missing path), whose errors come later.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The file's size in bytes.
    var size: Int {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Up to `count` bytes from the start.
    func head(_ count: Int) -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return Data(bytes.prefix(max(0, read)))
    }

    /// The whole file, refused beyond `limit` bytes.
    func readAll(limit: Int) throws(BookError) -> Data {
        let size = self.size
        guard size <= limit else { throw BookError(.unsafe, "too large: \(size) bytes (at most \(limit) for this format)") }
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let read = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, size - filled, off_t(filled)) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw BookError(.unreadable, "cannot be read: \(String(cString: strerror(errno)))", cause: POSIXError.current) }
            filled += read
        }
        return data
    }
}
