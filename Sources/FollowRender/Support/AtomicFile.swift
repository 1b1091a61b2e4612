import Foundation

/// Files that appear whole or not at all: written under a temporary name in
/// the same folder, then renamed, so an interrupted run never leaves a
/// truncated file under a final name.
public enum AtomicFile {
    private static let marker = ".partial-"

    /// Runs `body` to write the file at the temporary path it is given, then
    /// renames that file to `path`; on any failure the temporary file is removed
    /// and `body`'s error (or the rename's `RenderError`) is thrown.
    public static func produce<Result>(at path: String, _ body: (String) throws -> Result) throws -> Result {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent)\(marker)\(ProcessInfo.processInfo.processIdentifier)").path
        do {
            let result = try body(temporary)
            guard rename(temporary, path) == 0 else { throw RenderError(.write, file: path, "cannot write: \(String(cString: strerror(errno)))") }
            return result
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
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

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String) throws(RenderError) {
        try write(to: path) { temporary in try data.write(to: URL(fileURLWithPath: temporary)) }
    }

    /// `produce` for a file `body` writes, with a failure told as "cannot write" and its reason.
    static func write(to path: String, _ body: (String) throws -> Void) throws(RenderError) {
        do {
            try produce(at: path, body)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.write, file: path, "cannot write: \(reason(error))")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}
