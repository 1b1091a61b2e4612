import Foundation

/// Where follow-render finds its own data files: the speed presets
/// (`Presets/`) and the web player's templates, styles and scripts
/// (`Resources/player/`).
///
/// SwiftPM copies them, flattened, into the `follow-render_FollowRender.resources`
/// bundle beside the built binary (`.build/debug`, `.build/release`). The Debian
/// package installs the same files into `/usr/share/follow-render/`, found from
/// the binary's folder as `../share/follow-render` (so `/usr/bin` and
/// `/usr/local/bin` both work, and an unpacked package too). Last comes the
/// checkout the library was built from, for builds that copied no bundle.
/// `Bundle.module` is not used: it knows only the build folder, and a missing
/// bundle there is a crash rather than an error.
enum ResourceFiles {
    /// The bundle SwiftPM builds beside the binary.
    static let bundleName = "follow-render_FollowRender.resources"
    /// The installed folder, relative to the folder of the binary.
    static let installedFolder = "../share/follow-render"

    /// The paths where `name` is looked for, in order; `checkout` is the
    /// folder of the source tree that holds it.
    static func candidates(_ name: String, checkout: URL) -> [String] {
        let binaryFolder = Bundle.main.bundleURL
        return [binaryFolder.appendingPathComponent(bundleName),
                binaryFolder.appendingPathComponent(installedFolder).standardizedFileURL,
                checkout]
            .map { $0.appendingPathComponent(name).path }
    }

    /// The first of `candidates` that exists, or nil.
    static func find(_ name: String, checkout: URL) -> String? {
        candidates(name, checkout: checkout).first { FileManager.default.fileExists(atPath: $0) }
    }
}
