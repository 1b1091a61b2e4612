import Foundation

/// Stops a render from outside, e.g. on SIGINT or SIGTERM: no new chapter
/// starts, running workers are terminated, finished chapters are kept.
public final class RenderCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var signal: Int32?
    private var handlers: [@Sendable () -> Void] = []

    public init() {}

    /// The signal that cancelled the render, if any.
    public var cancelledBy: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signal
    }

    /// Cancels the render; the first call wins.
    public func cancel(signal: Int32) {
        lock.lock()
        guard self.signal == nil else {
            lock.unlock()
            return
        }
        self.signal = signal
        let pending = handlers
        lock.unlock()
        for handler in pending { handler() }
    }

    /// Runs `handler` on cancellation (at once if already cancelled).
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        if signal != nil {
            lock.unlock()
            handler()
            return
        }
        handlers.append(handler)
        lock.unlock()
    }
}

/// A render stopped by a signal: what was kept, for the one-line report.
public struct RenderInterrupted: Error, Sendable, CustomStringConvertible {
    public var signal: Int32
    public var folder: String
    /// Chapters whose files are complete in the folder.
    public var kept: Int

    public var description: String {
        "interrupted: kept \(kept) finished chapter\(kept == 1 ? "" : "s") in \(folder); run the same command again to resume"
    }

    /// The report when the folder was a temporary one that is removed (`--epub` without `--out`).
    public var discardedDescription: String {
        "interrupted: nothing was kept (the chapters were rendered into a temporary folder, now removed; "
            + "give --out DIR to keep finished chapters and resume)"
    }
}
