import Foundation

/// The player's source files (`Sources/FollowRender/Resources/player/`): page
/// templates, stylesheet and scripts, kept as real files in the repository.
///
/// `ResourceFiles` says where they are looked for (the bundle beside the
/// binary, the installed `share/follow-render/`, then the checkout the library
/// was built from, which the tests' bundle uses); a missing file is an error,
/// not a crash.
enum WebAssets {
    /// Chapter page template.
    static let chapterTemplate = "player-chapter.html"
    /// Book page template.
    static let indexTemplate = "player-index.html"
    /// The `<head>` both page templates start with (their `{{head}}`).
    static let headPartial = "player-head.html"
    /// Copied into the rendered folder as they are.
    /// `follow-timing.js` holds the timing rules the player uses; `follow-timing.mjs`
    /// is the same code as an ES module for web apps.
    static let copied = ["player.css", "follow-timing.js", "follow-timing.mjs", "player.js", "library.js", "reading.css", "reading.js"]

    /// The contents of the player file `name`.
    static func data(_ name: String) throws(RenderError) -> Data {
        let checkout = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/player")
        let candidates = ResourceFiles.candidates(name, checkout: checkout)
        for path in candidates {
            if let data = FileManager.default.contents(atPath: path) { return data }
        }
        throw RenderError(.missingAsset, file: name, "player file not found in \(candidates.joined(separator: " or "))")
    }

    /// The page template `name` filled with `values`, its `{{head}}` being the
    /// shared head partial with `lang` and `title` (both already escaped).
    static func page(_ name: String, lang: String, title: String,
                     _ values: [String: String]) throws(RenderError) -> String {
        var head = try fill(headPartial, ["lang": lang, "title": title])
        if head.hasSuffix("\n") { head.removeLast() }
        return try fill(name, values.merging(["head": head, "lang": lang]) { _, new in new })
    }

    /// The template `name` with every `{{key}}` replaced by `values[key]`, in
    /// one pass, so text from the book is never taken for a placeholder.
    static func fill(_ name: String, _ values: [String: String]) throws(RenderError) -> String {
        let template = String(decoding: try data(name), as: UTF8.self)
        var page = ""
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            page += rest[..<open.lowerBound]
            let key = String(rest[open.upperBound..<close.lowerBound])
            guard let value = values[key] else {
                throw RenderError(.missingAsset, file: name, "template placeholder {{\(key)}} has no value")
            }
            page += value
            rest = rest[close.upperBound...]
        }
        return page + rest
    }
}
