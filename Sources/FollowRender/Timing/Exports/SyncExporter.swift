import Foundation

/// Writes the synchronized-text exports of a rendered book: for every chapter,
/// `NNN-slug.vtt`, `.srt` and/or `.guided.json` beside its sidecar, each
/// written atomically.
public struct SyncExporter: Sendable {
    public var formats: [SyncFormat]
    public var guided: GuidedNavigationExporter

    public init(formats: [SyncFormat], guided: GuidedNavigationExporter = GuidedNavigationExporter()) {
        self.formats = formats
        self.guided = guided
    }

    /// Writes the exports of every chapter of `book` into its folder and
    /// returns the file names written.
    @discardableResult
    public func write(_ book: RenderedBook) throws(RenderError) -> [String] {
        var written: [String] = []
        for timing in book.chapters {
            let stem = Self.stem(of: timing, in: book)
            for format in formats {
                let name = stem + format.fileSuffix
                try AtomicFile.write(try contents(format, timing), to: book.folder + "/" + name)
                written.append(name)
            }
        }
        return written
    }

    /// The bytes of one export.
    public func contents(_ format: SyncFormat, _ timing: ChapterTiming) throws(RenderError) -> Data {
        switch format {
        case .vtt: return Data(WebVTTExporter.document(timing).utf8)
        case .srt: return Data(SRTExporter.document(timing).utf8)
        case .guided:
            do {
                return try JSONCoding.data(guided.document(timing), pretty: true)
            } catch {
                throw RenderError(.export, "chapter \(timing.chapter.index): cannot encode guided navigation: \(error)", cause: error)
            }
        }
    }

    /// The sidecar's own stem (its name without `.timing.json`), so exports sort beside it.
    static func stem(of timing: ChapterTiming, in book: RenderedBook) -> String {
        let suffix = ".timing.json"
        if let entry = book.manifest?.chapters.first(where: { $0.index == timing.chapter.index }), entry.timing.hasSuffix(suffix) {
            return String(entry.timing.dropLast(suffix.count))
        }
        return OutputNaming.stem(index: timing.chapter.index, title: timing.chapter.title)
    }
}
