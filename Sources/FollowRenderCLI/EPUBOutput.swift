import FollowRender
import Foundation

/// `--epub PATH` of the render command: after rendering, writes a copy of the
/// book with the narration as EPUB 3 Media Overlays.
enum EPUBOutput {
    /// The granularity named by `--granularity`, which only makes sense with `--epub` and MP3 audio.
    static func granularity(_ name: String?, epub: String?, format: AudioFormat) throws(UsageError) -> OverlayGranularity {
        guard let epub else {
            if name != nil { throw UsageError("--granularity needs --epub") }
            return .sentence
        }
        guard format == .mp3 else { throw UsageError("--epub needs MP3 audio (EPUB 3 media overlays), not --format \(format.rawValue)") }
        guard epub.lowercased().hasSuffix(".epub") else { throw UsageError("--epub takes a path ending in .epub, not '\(epub)'") }
        let name = name ?? OverlayGranularity.sentence.rawValue
        guard let granularity = OverlayGranularity(rawValue: name) else {
            throw UsageError("--granularity takes sentence or word, not '\(name)'")
        }
        return granularity
    }

    /// A new temporary folder to render into when `--epub` is given without `--out`.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("follow-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Writes the overlay EPUB, warning about each chapter left without overlay.
    @discardableResult
    static func write(book: String, folder: String, settings: RenderSettings, granularity: OverlayGranularity,
                      to epub: String, quiet: Bool) throws -> MediaOverlaySummary {
        let writer = MediaOverlayWriter(bookPath: book, renderedFolder: folder, narration: settings.narrationOptions,
                                        granularity: granularity)
        let summary: MediaOverlaySummary
        do {
            summary = try writer.write(to: epub)
        } catch {
            throw FileFailure(file: epub, error: error)
        }
        for warning in summary.warnings { Console.warning(file: book, warning) }
        if !quiet {
            Console.error("Media overlays: \(summary.chapters.count) chapter\(summary.chapters.count == 1 ? "" : "s"), "
                + "\(summary.fragments) \(granularity.rawValue) fragments")
            print(epub)
        }
        return summary
    }
}
