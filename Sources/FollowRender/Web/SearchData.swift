import Foundation

/// The book's text for the player's search in the whole book (`reading.js`),
/// written as `search.js`: a script that sets `window.followSearchData`, which a
/// chapter page loads with a `<script>` element the first time the reader
/// searches. Pages opened from `file://` cannot `fetch` another file, but they
/// can load a script beside them (the pages' policy allows `script-src 'self'`).
///
/// It holds each chapter's narration text once (the sidecar's `text`, so its
/// UTF-16 offsets are the sidecar's), title and page, and nothing else: the
/// page that opens at a match finds the word and its time in its own sidecar.
/// The value is JSON, which is a JavaScript expression; every `<`, U+2028 and
/// U+2029 in it is written as a `\u` escape, so nothing from the book can look
/// like markup or end a line in any JavaScript engine.
struct SearchData: Encodable {
    /// The file the pages load.
    static let fileName = "search.js"

    struct Chapter: Encodable {
        /// Spine index, as in `book.json`.
        var index: Int
        var title: String
        /// The page as a percent-encoded relative link (`RelativeLink`); the
        /// script navigates only to names of that shape.
        var page: String
        /// The chapter's narration text, as in its sidecar.
        var text: String
    }

    var chapters: [Chapter]

    /// The script: one statement assigning the data.
    func script() throws(RenderError) -> Data {
        let json: String
        do {
            json = String(decoding: try JSONCoding.data(self), as: UTF8.self).trimmingCharacters(in: .newlines)
        } catch {
            throw RenderError(.write, file: Self.fileName, "cannot encode the search data: \(error)", cause: error)
        }
        let safe = HTMLText.scriptJSON(json)
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
        return Data((Self.prefix + safe + ";\n").utf8)
    }

    /// What the script starts with; the JSON follows.
    static let prefix = "// follow-render: the book's text for the web player's search (reading.js).\nwindow.followSearchData = "
}
