import Foundation

/// Writes the overlay EPUB: `mimetype` first and stored, then the book's own
/// files in their original order (changed ones replaced, old SMIL documents
/// dropped), then the new files; under a temporary name renamed at the end.
/// Audio is read from disk as the archive is written, never held in memory.
enum OverlayArchive {
    /// Extensions of files that are already compressed and are stored as they are.
    private static let stored: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "mp3", "m4a", "mp4", "ogg", "opus", "woff", "woff2"]

    static func write(_ files: [String: Data], audio: [String: String], source: OverlaySource,
                      to path: String) throws(RenderError) {
        do {
            try AtomicFile.produce(at: path) { temporary in
                let writer = try ZipWriter(path: temporary)
                try writer.add(path: "mimetype", data: Data("application/epub+zip".utf8), compress: false)
                var written: Set<String> = ["mimetype"]
                for name in source.archive.paths where !written.contains(name) && !source.oldOverlays.contains(name) {
                    let data = try files[name] ?? source.bookFile(name)
                    try writer.add(path: name, data: data, compress: compress(name))
                    written.insert(name)
                }
                for name in files.keys.sorted() where !written.contains(name) {
                    try writer.add(path: name, data: files[name]!, compress: compress(name))
                }
                for name in audio.keys.sorted() where !written.contains(name) {
                    try writer.add(path: name, file: audio[name]!, compress: compress(name))
                }
                try writer.close()
            }
        } catch {
            throw RenderError(.overlay, file: path, "cannot write the EPUB: \(error)", cause: error)
        }
    }

    private static func compress(_ name: String) -> Bool {
        !stored.contains(name.split(separator: ".").last.map { $0.lowercased() } ?? "")
    }
}
