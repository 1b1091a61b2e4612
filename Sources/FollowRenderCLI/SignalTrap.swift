import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal, an ended ssh session) into a call, so a render can stop its workers,
/// clean up and say what it kept, instead of dying mid-write.
final class SignalTrap {
    private var sources: [any DispatchSourceSignal] = []

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        for number in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// The signals that stop a render cleanly.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Restores the default behaviour of the signals.
    func release() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
