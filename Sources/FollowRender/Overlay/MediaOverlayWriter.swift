import Foundation

/// Writes a copy of a book with the narration of a rendered folder as EPUB 3
/// Media Overlays: every narrated sentence (or word) wrapped in a `<span>`, one
/// SMIL document per narrated chapter, the MP3 files inside the book and the
/// package metadata reading systems need to play them with highlighting.
///
/// Content documents are edited at the byte level (`RawXML`, checked against
/// libxml2), so their markup is otherwise preserved; files that need no
/// change are copied byte for byte. An EPUB 2 book becomes EPUB 3, gaining a
/// navigation document built from its NCX. A chapter that cannot be wrapped
/// safely is left without overlay, with a warning.
public struct MediaOverlayWriter {
    /// The book that was rendered (.epub file or unpacked folder).
    public var bookPath: String
    /// The output folder of the render, with `book.json`, audio and sidecars.
    public var renderedFolder: String
    /// The narration options of the render, needed to map the sidecar text back to the markup.
    public var narration: NarrationOptions
    public var granularity: OverlayGranularity
    /// How the book was read when it is not an EPUB (see `BookSource`).
    public var input: InputOptions

    /// The class reading systems put on the element being spoken.
    public static let activeClass = "-epub-media-overlay-active"

    public init(bookPath: String, renderedFolder: String, narration: NarrationOptions, granularity: OverlayGranularity,
                input: InputOptions = InputOptions()) {
        self.input = input
        self.bookPath = bookPath
        self.renderedFolder = renderedFolder
        self.narration = narration
        self.granularity = granularity
    }

    /// Writes the EPUB at `path` atomically; nothing is left under `path` on failure.
    public func write(to path: String) throws(RenderError) -> MediaOverlaySummary {
        try write(to: path, source: OverlaySource(bookPath: bookPath, input: input, renderedFolder: renderedFolder), chapters: [])
    }

    /// Writes the EPUB from the book as the render opened it, the rendered folder
    /// as loaded once, and the chapters' narration as the render read it, so no
    /// input is read again. `archive` must be the book at `bookPath`.
    public func write(to path: String, archive: EPUBArchive, rendered: RenderedBook,
                      chapters: [Chapter]) throws(RenderError) -> MediaOverlaySummary {
        try write(to: path, source: OverlaySource(archive: archive, rendered: rendered), chapters: chapters)
    }

    private func write(to path: String, source: OverlaySource, chapters known: [Chapter]) throws(RenderError) -> MediaOverlaySummary {
        let texts = Dictionary(known.map { ($0.index, $0.text) }, uniquingKeysWith: { first, _ in first })
        var warnings: [String] = []
        if source.hasOverlays {
            warnings.append("the book already has media overlays; they are replaced")
        }
        var layout = OverlayLayout(source: source)
        var chapters: [OverlayChapter] = []
        for chapter in source.manifest.chapters {
            do {
                chapters.append(try OverlayChapter(source: source, chapter: chapter, known: texts[chapter.index], narration: narration,
                                                   granularity: granularity, layout: &layout))
            } catch {
                warnings.append("chapter \(chapter.index) (\(chapter.href)): \(error.description)")
            }
        }
        guard !chapters.isEmpty else {
            throw RenderError(.overlay, "no chapter could be given a media overlay" + (warnings.last.map { ": \($0)" } ?? ""))
        }
        var package = OverlayPackage(source: source, chapters: chapters, layout: layout)
        let (files, audio) = try package.files()
        try OverlayArchive.write(files, audio: audio, source: source, to: path)
        return MediaOverlaySummary(
            chapters: chapters.map(\.index), fragments: chapters.reduce(0) { $0 + $1.smil.entries.count }, warnings: warnings,
            sentenceAnchors: Dictionary(uniqueKeysWithValues: chapters.map { ($0.index, $0.sentenceAnchors) }),
            chapterPaths: Dictionary(uniqueKeysWithValues: source.book.spine.filter { $0.sourceHref != nil }.map { ($0.index, $0.path) })
        )
    }
}

/// What a media-overlay EPUB was given.
public struct MediaOverlaySummary: Hashable, Sendable {
    /// Spine positions of the chapters with an overlay.
    public var chapters: [Int]
    /// Number of `par` elements over all chapters.
    public var fragments: Int
    /// One line per chapter left without overlay, and a notice when old overlays were replaced.
    public var warnings: [String]
    /// Per chapter (spine position), the element id where each sentence (by
    /// index in its sidecar) starts in the EPUB's XHTML.
    public var sentenceAnchors: [Int: [Int: String]]
    /// Per chapter of a book built from another format, its document's path in
    /// this EPUB (the sidecars name the input file instead).
    public var chapterPaths: [Int: String] = [:]

    /// Guided Navigation `textref`s that point at the sentences in this EPUB.
    public var guidedNavigation: GuidedNavigationExporter {
        let (anchors, paths) = (sentenceAnchors, chapterPaths)
        var exporter = GuidedNavigationExporter { timing, sentence in anchors[timing.chapter.index]?[sentence] }
        exporter.chapterHref = { timing in paths[timing.chapter.index] }
        return exporter
    }
}
