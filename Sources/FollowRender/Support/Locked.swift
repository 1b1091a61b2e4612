import Synchronization

/// A value shared between threads behind a `Mutex`, as a reference that
/// closures can capture (a `Mutex` itself cannot be copied into them).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    var value: Value { mutex.withLock { $0 } }

    @discardableResult
    func update<Result: Sendable>(_ change: (inout Value) -> Result) -> Result {
        mutex.withLock { change(&$0) }
    }
}
