import Foundation

/// Finds the files of the top-level `Presets/` folder, the single source of
/// truth for speed presets.
///
/// SwiftPM copies them into the resource bundle (through the symlink
/// `Sources/FollowRender/Resources/Presets`); `ResourceFiles` says where that
/// is looked for (beside the binary, then installed, then the checkout).
/// Unlike `Bundle.module` a missing file is an error, not a crash.
enum PresetsFile {
    /// The URL of `name` (e.g. `speed-presets.json`), or an error naming the places searched.
    static func url(named name: String) throws(RenderError) -> URL {
        let checkout = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Presets")
        if let found = ResourceFiles.find(name, checkout: checkout) {
            return URL(fileURLWithPath: found)
        }
        let searched = ResourceFiles.candidates(name, checkout: checkout)
        throw RenderError(.presets, "preset file \(name) not found in \(searched.joined(separator: " or "))")
    }
}
