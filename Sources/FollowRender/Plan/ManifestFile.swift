import Foundation
import Synchronization

/// Writes a render's `book.json`, byte for byte `JSONCoding.data(manifest, pretty: true)`,
/// encoding each chapter's entry once: the render rewrites the file after every
/// finished chapter (so that every chapter file under its final name is listed),
/// and encoding the whole list each time made that quadratic (for 300 short
/// chapters, a third of the parent's time went to it).
///
/// The manifest is encoded without its chapters, and the placeholder of the
/// empty list is replaced with the chapters' cached entries, indented as the
/// encoder indents them (no string in the file holds a raw line break, so the
/// placeholder cannot occur inside a value).
final class ManifestFile: Sendable {
    let path: String
    private let cache = Mutex([BookManifest.Chapter: Data]())
    private static let placeholder = Data("\n  \"chapters\" : [\n\n  ]".utf8)

    init(path: String) { self.path = path }

    /// The file's bytes for `manifest`.
    func data(_ manifest: BookManifest) throws -> Data {
        var frame = manifest
        frame.chapters = []
        let head = try JSONCoding.data(frame, pretty: true)
        guard !manifest.chapters.isEmpty else { return head }
        guard let slot = head.range(of: Self.placeholder) else { throw RenderError(.write, file: path, "book.json layout changed") }
        let entries = try cache.withLock { cache in
            try manifest.chapters.map { chapter in
                if let known = cache[chapter] { return known }
                let entry = try Self.entry(chapter)
                cache[chapter] = entry
                return entry
            }
        }
        var data = head[..<slot.lowerBound]
        data.append(Data("\n  \"chapters\" : [\n".utf8))
        for (number, entry) in entries.enumerated() {
            if number > 0 { data.append(Data(",\n".utf8)) }
            data.append(entry)
        }
        data.append(Data("\n  ]".utf8))
        data.append(head[slot.upperBound...])
        return Data(data)
    }

    /// Writes `manifest` atomically.
    func write(_ manifest: BookManifest) throws(RenderError) {
        let bytes: Data
        do {
            bytes = try data(manifest)
        } catch {
            throw RenderError(.write, file: path, "cannot encode: \(error)", cause: error)
        }
        try AtomicFile.write(bytes, to: path)
    }

    /// A chapter's entry as it appears in the list: pretty-printed, each line indented two levels.
    private static func entry(_ chapter: BookManifest.Chapter) throws -> Data {
        let text = String(decoding: try JSONCoding.encoder(pretty: true).encode(chapter), as: UTF8.self)
        return Data(text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n").utf8)
    }
}
