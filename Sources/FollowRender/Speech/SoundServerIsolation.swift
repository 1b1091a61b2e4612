#if canImport(Glibc)
import Glibc
#endif

/// Keeps eSpeak NG away from audio devices and sound servers.
///
/// eSpeak NG 1.51's `espeak_ng_InitializeOutput` creates a pcaudiolib device
/// even in synchronous (retrieval) mode, and pcaudiolib then opens a
/// PulseAudio connection: it may reach the user's sound server, and with an
/// unwritable `HOME` libpulse prints "Failed to create secure directory" on
/// stderr. Pointing libpulse at a server address that cannot exist (a path
/// under `/dev/null`) for the duration of that call makes the probe fail at
/// once, silently and without touching the home folder; nothing is ever
/// played, retrieval mode hands every sample to our callback. Under a low
/// address-space limit libpulse cannot map its memory pool and says so
/// ("mmap() failed"); `PULSE_LOG_SYSLOG` sends its messages to the system log
/// instead of our standard error (libpulse reads it once, at its first message).
enum SoundServerIsolation {
    private static let settings = [("PULSE_SERVER", "unix:/dev/null/follow-render-plays-no-audio"), ("PULSE_LOG_SYSLOG", "1")]

    /// Runs `body` (eSpeak NG's output set-up) with libpulse pointed nowhere
    /// and logging away from the terminal, then restores the variables as they were.
    static func run<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let previous = settings.map { getenv($0.0).map { String(cString: $0) } }
        for (name, value) in settings { setenv(name, value, 1) }
        defer {
            for ((name, _), value) in zip(settings, previous) {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return try body()
    }
}
