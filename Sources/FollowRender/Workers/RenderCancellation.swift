import Synchronization

/// Stops a render from outside, e.g. on SIGINT or SIGTERM: no new chapter
/// starts, running workers are terminated, finished chapters are kept.
public final class RenderCancellation: Sendable {
    private struct State {
        var signal: Int32?
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The signal that cancelled the render, if any.
    public var cancelledBy: Int32? { state.withLock { $0.signal } }

    /// Cancels the render; the first call wins. Handlers run outside the lock.
    public func cancel(signal: Int32) {
        let pending = state.withLock { state -> [@Sendable () -> Void] in
            guard state.signal == nil else { return [] }
            state.signal = signal
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in pending { handler() }
    }

    /// Runs `handler` on cancellation (at once if already cancelled).
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let cancelled = state.withLock { state in
            if state.signal == nil { state.handlers.append(handler) }
            return state.signal != nil
        }
        if cancelled { handler() }
    }
}

/// A render stopped by a signal: what was kept, for the one-line report.
public struct RenderInterrupted: CausedError, Sendable {
    public var signal: Int32
    public var folder: String
    /// Chapters whose files are complete in the folder.
    public var kept: Int

    /// The error the stop cut short (an output's `RenderError(.interrupted)`), when one did.
    public var cause: (any Error)? = nil

    public var description: String {
        "interrupted: kept \(kept) finished chapter\(kept == 1 ? "" : "s") in \(folder); run the same command again to resume"
    }

    /// The report when the folder was a temporary one that is removed (`--epub` without `--out`).
    public var discardedDescription: String {
        "interrupted: nothing was kept (the chapters were rendered into a temporary folder, now removed; "
            + "give \(Setting.out) DIR to keep finished chapters and resume)"
    }
}
