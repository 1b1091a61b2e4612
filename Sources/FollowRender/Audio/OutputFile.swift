import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one owner of a C `FILE` opened for writing; every write, seek and the
/// close are checked, so a full disk is reported rather than lost.
///
/// The `raw` operations serve C libraries that do their own I/O through
/// callbacks (libsndfile's virtual I/O): they return C-style results and keep
/// the first failure in `firstError`, with the reason the C library would lose.
final class OutputFile {
    let path: String
    private var file: UnsafeMutablePointer<FILE>?
    /// The first failure of a `raw` operation.
    private(set) var firstError: RenderError?

    /// Creates or truncates `path`; `readable` also allows reading back.
    init(path: String, readable: Bool = false) throws(RenderError) {
        self.path = path
        guard let file = fopen(path, readable ? "w+b" : "wb") else {
            throw RenderError(.write, file: path, "cannot create file (\(Self.errnoText()))", cause: POSIXError.current)
        }
        self.file = file
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Appends `bytes`.
    func write(_ bytes: ArraySlice<UInt8>) throws(RenderError) {
        guard !bytes.isEmpty else { return }
        let file = try openFile()
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written != bytes.count { throw failure("cannot write") }
    }

    /// Overwrites bytes at `offset`, then returns to the end of the file.
    func overwrite(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(RenderError) {
        let file = try openFile()
        guard fseeko(file, off_t(offset), SEEK_SET) == 0 else { throw failure("cannot seek") }
        try write(bytes)
        guard fseeko(file, 0, SEEK_END) == 0 else { throw failure("cannot seek") }
    }

    /// Flushes and closes; reports the error a full disk gives only at this point.
    func close() throws(RenderError) {
        let file = try openFile()
        self.file = nil
        let flushed = fflush(file) == 0
        let flushError = errno
        let closed = fclose(file) == 0
        if !flushed { throw failure("cannot write", code: flushError) }
        if !closed { throw failure("cannot close") }
    }

    func rawWrite(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        guard let file else { return 0 }
        let written = fwrite(bytes, 1, count, file)
        if written != count { record(failure("cannot write")) }
        return written
    }

    func rawRead(_ bytes: UnsafeMutableRawPointer, count: Int) -> Int {
        guard let file else { return 0 }
        return fread(bytes, 1, count, file)
    }

    /// Moves to `offset` from `whence` (SEEK_SET, SEEK_CUR, SEEK_END); returns the new position or -1.
    func rawSeek(_ offset: Int, whence: Int32) -> Int {
        guard let file, fseeko(file, off_t(offset), whence) == 0 else {
            record(failure("cannot seek"))
            return -1
        }
        return rawTell()
    }

    func rawTell() -> Int {
        guard let file else { return -1 }
        return Int(ftello(file))
    }

    func rawLength() -> Int {
        let position = rawTell()
        let end = rawSeek(0, whence: SEEK_END)
        _ = rawSeek(position, whence: SEEK_SET)
        return end
    }

    private func record(_ error: RenderError) {
        if firstError == nil { firstError = error }
    }

    private func openFile() throws(RenderError) -> UnsafeMutablePointer<FILE> {
        guard let file else { throw RenderError(.write, file: path, "file already closed") }
        return file
    }

    private func failure(_ action: String, code: Int32 = errno) -> RenderError {
        guard code != ENOSPC else { return RenderError.diskFull(file: path) }
        return RenderError(.write, file: path, "\(action) (\(String(cString: strerror(code))))")
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
