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
/// played, retrieval mode hands every sample to our callback.
enum SoundServerIsolation {
    private static let variable = "PULSE_SERVER"
    private static let nowhere = "unix:/dev/null/follow-render-plays-no-audio"

    /// Runs `body` (eSpeak NG's output set-up) with libpulse pointed nowhere,
    /// then restores the variable as it was.
    static func run<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let previous = getenv(variable).map { String(cString: $0) }
        setenv(variable, nowhere, 1)
        defer {
            if let previous { setenv(variable, previous, 1) } else { unsetenv(variable) }
        }
        return try body()
    }
}
