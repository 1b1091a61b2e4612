import Foundation

/// Files that appear whole or not at all: written under a temporary name in
/// the same folder, then renamed, so an interrupted run never leaves a
/// truncated file under a final name.
public enum AtomicFile {
    /// The temporary name used for `path` by this process.
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)").path
    }

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String) throws(RenderError) {
        let temporary = temporaryPath(for: path)
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw RenderError("\(path): cannot write: \(Self.reason(error))")
        }
        try commit(temporary, to: path)
    }

    /// Moves a finished temporary file over `path`.
    public static func commit(_ temporary: String, to path: String) throws(RenderError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw RenderError("\(path): cannot write: \(reason)")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}
