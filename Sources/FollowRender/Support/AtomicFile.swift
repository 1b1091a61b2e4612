import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Files that appear whole or not at all: written under a temporary name in
/// the same folder, then renamed, so an interrupted run never leaves a
/// truncated file under a final name.
public enum AtomicFile {
    private static let marker = ".partial-"

    /// Runs `body` to write the file at the temporary path it is given, then
    /// renames that file to `path`; on any failure the temporary file is removed
    /// and `body`'s error (or the rename's `RenderError`) is thrown.
    /// Only a regular file (or a link to one) or nothing is ever replaced: a
    /// FIFO, a device or a socket at `path` is refused (`RenderError.Kind.notAFile`),
    /// before `body` runs and again before the rename.
    public static func produce<Result>(at path: String, _ body: (String) throws -> Result) throws -> Result {
        let temporary = temporaryPath(for: path)
        try checkReplaceable(path)
        do {
            let result = try body(temporary)
            try checkReplaceable(path)
            guard rename(temporary, path) == 0 else { throw RenderError.failedIO(file: path, doing: "cannot write") }
            return result
        } catch var error as RenderError {
            try? FileManager.default.removeItem(atPath: temporary)
            // Named as the file the user will look for, not our temporary name.
            if error.file == temporary { error.file = path }
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// The temporary name `produce` writes `path` under in this process,
    /// `.NAME.partial-PID` in the same folder (the pid asked of the system, so a
    /// forked worker's job names its own files).
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent)\(marker)\(getpid())").path
    }

    /// Whether a file name is one of `produce`'s temporary names,
    /// `.NAME.partial-PID`, made by one of the processes `pids` (this program
    /// and the workers it started) and left behind when one was stopped. A
    /// user's file that merely looks similar does not match.
    public static func isTemporary(_ name: String, madeBy pids: Set<Int32>) -> Bool {
        guard let pid = temporaryProcess(of: name) else { return false }
        return pids.contains(pid)
    }

    /// Whether a file name has the shape of `produce`'s temporary names, made
    /// by any process: for checking a folder, never for deciding what to remove.
    public static func isTemporary(_ name: String) -> Bool {
        temporaryProcess(of: name) != nil
    }

    /// The process id in a `.NAME.partial-PID` name.
    private static func temporaryProcess(of name: String) -> Int32? {
        guard name.hasPrefix("."), let marked = name.range(of: marker, options: .backwards),
              marked.lowerBound > name.index(after: name.startIndex),
              let pid = Int32(name[marked.upperBound...]), String(pid) == name[marked.upperBound...] else { return nil }
        return pid
    }

    /// Throws unless `path` is nothing, a regular file or a symbolic link to one.
    public static func checkReplaceable(_ path: String) throws(RenderError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 { return }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw RenderError(.notAFile, file: path, "is \(FileKind(mode: info.st_mode)), not a regular file: not replaced")
        }
    }

    /// Writes `data` to `path` atomically. Every byte is checked written (a
    /// full disk is `.diskFull`, never a short or empty file under `path`).
    public static func write(_ data: Data, to path: String) throws(RenderError) {
        try write(to: path) { temporary in try writeAll(data, to: temporary, naming: path) }
    }

    /// Writes `data` to a new file at `path` with `write(2)` until every byte is
    /// written, and checks the close: errors Foundation's `Data.write` may not report.
    private static func writeAll(_ data: Data, to temporary: String, naming path: String) throws(RenderError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RenderError.failedIO(file: path, doing: "cannot create") }
        let written = data.withUnsafeBytes { bytes in
            Result { () throws(RenderError) in try DescriptorOutput.writeAll(bytes, to: descriptor, path: path) }
        }
        let closed = close(descriptor)
        try written.get()
        guard closed == 0 else { throw RenderError.failedIO(file: path, doing: "cannot write") }
    }

    /// `produce` for a file `body` writes, with a failure told as "cannot write" and its reason.
    static func write(to path: String, _ body: (String) throws -> Void) throws(RenderError) {
        do {
            try produce(at: path, body)
        } catch let error as RenderError {
            throw error
        } catch {
            if isNoSpace(error) { throw RenderError.diskFull(file: path) }
            throw RenderError(.write, file: path, "cannot write: \(reason(error))", cause: error)
        }
    }

    /// Whether Foundation's error is a full disk, however it wraps `ENOSPC`.
    private static func isNoSpace(_ error: any Error) -> Bool {
        let error = error as NSError
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        return (error.domain == NSPOSIXErrorDomain && error.code == Int(ENOSPC)) || underlying?.code == Int(ENOSPC)
            || (error.domain == NSCocoaErrorDomain && error.code == CocoaError.fileWriteOutOfSpace.rawValue)
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}
