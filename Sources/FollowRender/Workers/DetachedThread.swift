import Foundation

/// Starts work on a new detached thread and says whether it could.
///
/// Foundation's `Thread.detachNewThread` fails silently when the system cannot
/// create a thread (no memory for its stack under an address-space limit), and
/// a caller waiting for that work then waits forever; this reports the failure
/// so the caller can give the job a result instead. The stack is modest (1 MB,
/// not the 8 MB default), which is plenty for running and reading a worker.
enum DetachedThread {
    static let stackSize = 1 << 20

    /// The closure a new thread runs, passed through pthread's opaque argument.
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new thread; false, with `body` never run, when no thread could be created.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        let work = Unmanaged.passRetained(Work(body))
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { argument in
            guard let argument else { return nil }
            Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, work.toOpaque())
        guard status == 0 else {
            work.release()
            return false
        }
        return true
    }
}
