import Foundation

/// A temporary file beside an output that nobody else can see: created and
/// unlinked at once, so nothing is left behind whatever happens (a crash, a
/// kill), written in order and read back from the start. `PacketSpool` and
/// `MP4SampleGrouper` keep what must wait for the end of the encoding in one.
///
/// Owns the `FILE`; closes it in `deinit`.
final class SpoolFile {
    /// The output the spool is for (named in errors).
    let path: String
    private let file: UnsafeMutablePointer<FILE>

    /// Opens an unnamed spool in the folder of `path`; `suffix` names it for the moment it exists.
    init(for path: String, suffix: String) throws(RenderError) {
        self.path = path
        let name = path + suffix
        guard let file = fopen(name, "w+b") else { throw RenderError.failedIO(file: path, doing: "cannot create a temporary file") }
        unlink(name)
        self.file = file
    }

    deinit {
        fclose(file)
    }

    /// Appends `count` bytes at `bytes` (nothing when `count` is 0).
    func write(raw bytes: UnsafeRawPointer?, count: Int) throws(RenderError) {
        guard count > 0, let bytes else { return }
        guard fwrite(bytes, 1, count, file) == count else { throw RenderError.failedIO(file: path, doing: "cannot write a temporary file") }
    }

    /// Appends the numbers' bytes, in this machine's byte order.
    func write<Number: FixedWidthInteger>(_ numbers: [Number]) throws(RenderError) {
        let written = numbers.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        guard written else { throw RenderError.failedIO(file: path, doing: "cannot write a temporary file") }
    }

    /// Goes back to the start, after writing what was buffered, to read it all back.
    func rewind() throws(RenderError) {
        guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else { throw RenderError.failedIO(file: path, doing: "cannot read back a temporary file") }
    }

    /// Reads exactly `count` bytes into `bytes`.
    func read(raw bytes: UnsafeMutableRawPointer?, count: Int) throws(RenderError) {
        guard count > 0, let bytes else { return }
        guard fread(bytes, 1, count, file) == count else { throw RenderError.failedIO(file: path, doing: "cannot read back a temporary file") }
    }

    /// Reads `count` numbers written by `write(_:)`.
    func read<Number: FixedWidthInteger>(_ count: Int, as type: Number.Type) throws(RenderError) -> [Number] {
        var numbers = [Number](repeating: 0, count: count)
        let read = numbers.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) == $0.count }
        guard read else { throw RenderError.failedIO(file: path, doing: "cannot read back a temporary file") }
        return numbers
    }
}
