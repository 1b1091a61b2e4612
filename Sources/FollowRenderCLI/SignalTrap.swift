import Foundation

/// Turns SIGINT and SIGTERM into a call, so a render can stop its workers,
/// clean up and say what it kept, instead of dying mid-write.
final class SignalTrap {
    private var sources: [any DispatchSourceSignal] = []

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Restores the default behaviour of both signals.
    func release() {
        for source in sources { source.cancel() }
        sources.removeAll()
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
