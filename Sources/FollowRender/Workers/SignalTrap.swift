import CProcess
import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal, an ended ssh session)
/// into a call, so a render can stop its workers, clean up and say what it
/// kept, instead of dying mid-write.
///
/// The signal handler (C, `fr_signal_pipe_open`) only writes the signal's
/// number to a pipe; a thread of our own reads it and calls the handler. Not
/// Dispatch's signal sources: resuming one makes libdispatch start its manager
/// thread, and when that thread cannot be made (a low address-space limit) it
/// retries forever. The trap's thread unblocks the signals for itself, so they
/// are taken even when the process started with them blocked. When no pipe or
/// thread can be had, the signals keep their default action (they end the process).
///
/// Owns the pipe: the write end until `release` closes it, the read end on its thread, which closes it at the end.
public final class SignalTrap: Sendable {
    /// The signals that stop a render cleanly.
    public static let signals = [SIGINT, SIGTERM, SIGHUP]

    private let installed: Bool

    /// Calls `handler` with each trapped signal's number, on the trap's own thread.
    public init(_ handler: @escaping @Sendable (Int32) -> Void) {
        let reader = fr_signal_pipe_open(Self.signals, Int32(Self.signals.count))
        guard reader >= 0 else {
            installed = false
            return
        }
        let started = DetachedThread.start {
            // The signals may arrive blocked (a parent's mask is inherited): this thread takes them.
            var trapped = sigset_t()
            sigemptyset(&trapped)
            for signal in Self.signals { sigaddset(&trapped, signal) }
            pthread_sigmask(SIG_UNBLOCK, &trapped, nil)
            var number: UInt8 = 0
            while true {
                let count = read(reader, &number, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { break }
                handler(Int32(number))
            }
            close(reader)
        }
        if !started {
            fr_signal_pipe_close(Self.signals, Int32(Self.signals.count))
            close(reader)
        }
        installed = started
    }

    /// Restores the default behaviour of the signals.
    public func release() {
        if installed { fr_signal_pipe_close(Self.signals, Int32(Self.signals.count)) }
    }
}
