import Foundation

/// Finds the files of the top-level `Presets/` folder, the single source of
/// truth for speed presets.
///
/// SwiftPM copies them into the `follow-render_FollowRender.resources` bundle
/// (through the symlink `Sources/FollowRender/Resources/Presets`). The bundle is
/// looked for beside the running binary, then the checkout the library was built
/// from is used; unlike `Bundle.module` a missing bundle is an error, not a crash.
enum PresetsFile {
    static let bundleName = "follow-render_FollowRender.resources"

    /// The URL of `name` (e.g. `speed-presets.json`), or an error naming the places searched.
    static func url(named name: String) throws(RenderError) -> URL {
        let checkout = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Presets")
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent(bundleName),
            checkout,
        ].map { $0.appendingPathComponent(name) }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            return found
        }
        throw RenderError(.presets, "preset file \(name) not found in \(candidates.map(\.path).joined(separator: " or "))")
    }
}
