import Foundation

/// The release binary of follow-render with the Swift runtime linked
/// statically, as the Debian package ships it, built by
/// `scripts/build-release.sh` (the one place that knows the command) in its
/// own scratch folder, `.build/static`.
///
/// `scripts/test.sh` runs that script before the suite, so there the first
/// use only finds SwiftPM has nothing to do (a few seconds); a test run alone
/// builds it (minutes from scratch) when it is missing or stale. The script is
/// run once per test process, whoever asks first.
enum ReleaseBuild {
    /// The binary's absolute path, built from the current sources; throws with the build's output when the build fails.
    static func binary() throws -> String { try built.get() }

    private static let built = Result { () throws -> String in
        let path = try CommandRun.script("build-release.sh")
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw DecodeError(message: "scripts/build-release.sh printed \(path), which is not an executable")
        }
        return path
    }
}
