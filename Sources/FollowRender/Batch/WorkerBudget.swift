import Foundation

/// A number of worker processes shared by several renders at once, so that a
/// batch keeps every core busy without ever running more workers than cores.
///
/// Each render's `WorkerPool` takes one unit before it starts a worker and
/// gives it back when the worker exits.
public final class WorkerBudget: Sendable {
    /// How many workers may run at once across every render using this budget.
    public let size: Int
    private let slots: DispatchSemaphore

    public init(size: Int) {
        self.size = max(1, size)
        slots = DispatchSemaphore(value: self.size)
    }

    /// Waits until a worker may start.
    func acquire() { slots.wait() }

    /// Says a worker has exited.
    func release() { slots.signal() }
}
