import Foundation

/// The files the overlay EPUB adds or changes besides the chapters' own: the
/// package document, the highlight stylesheet and, for an EPUB 2 book, a
/// navigation document.
struct OverlayPackage {
    let source: OverlaySource
    let chapters: [OverlayChapter]
    var layout: OverlayLayout

    /// Every new or changed file by container path, with its bytes, and the
    /// audio files by container path, with their paths on disk.
    mutating func files() throws(RenderError) -> (files: [String: Data], audio: [String: String]) {
        var files: [String: Data] = [:]
        var audio: [String: String] = [:]
        var items: [PackageRewriter.Item] = []
        var metas: [PackageRewriter.Meta] = []
        for chapter in chapters {
            files[chapter.documentPath] = chapter.document
            files[chapter.smilPath] = chapter.smil.data
            audio[chapter.audioPath] = source.renderedFolder + "/" + chapter.audioFile
            items.append(.init(id: chapter.smilID, href: href(chapter.smilPath), mediaType: PackageRewriter.smilMediaType))
            items.append(.init(id: chapter.audioID, href: href(chapter.audioPath), mediaType: "audio/mpeg"))
            metas.append(.init("media:duration", refines: chapter.smilID, value: OverlayText.clock(milliseconds: chapter.duration)))
        }
        metas.append(.init("media:duration", value: OverlayText.clock(milliseconds: chapters.reduce(0) { $0 + $1.duration })))
        for voice in source.manifest.voiceDescriptions { metas.append(.init("media:narrator", value: "eSpeak NG voice \(voice)")) }
        metas.append(.init("media:active-class", value: MediaOverlayWriter.activeClass))
        metas += AccessibilityMetadata(package: source.package).added
        files[layout.stylesheetPath] = Data(Self.stylesheet.utf8)
        items.append(.init(id: layout.id("fr-media-overlay-css"), href: href(layout.stylesheetPath), mediaType: "text/css"))

        let isEPUB2 = !source.book.metadata.version.hasPrefix("3")
        if isEPUB2 {
            for item in source.book.manifest where item.mediaType == "application/xhtml+xml" {
                guard let data = try? files[item.path] ?? source.bookFile(item.path), let upgraded = DoctypeUpgrade.upgraded(data) else { continue }
                files[item.path] = upgraded
            }
            let navigation = NavigationDocument(
                path: layout.path("fr-nav.xhtml"), title: source.book.metadata.title, language: source.book.metadata.language,
                entries: source.book.toc.isEmpty ? NavigationDocument.spineEntries(source.book.spine) : source.book.toc
            )
            files[navigation.path] = navigation.data
            items.append(.init(id: layout.id("fr-nav"), href: href(navigation.path), mediaType: "application/xhtml+xml", properties: "nav"))
        }
        let rewriter = PackageRewriter(raw: source.package, path: source.book.packagePath)
        files[source.book.packagePath] = try rewriter.rewritten(
            items: items,
            overlays: Dictionary(chapters.map { ($0.itemID, $0.smilID) }, uniquingKeysWith: { first, _ in first }),
            properties: isEPUB2 ? UpgradeProperties.required(by: source) : [:],
            metas: metas,
            modified: Self.modified(),
            summaryLine: AccessibilityMetadata.summaryLine
        )
        return (files, audio)
    }

    /// The highlight rule reading systems apply through `media:active-class`.
    static let stylesheet = """
        /* Added by follow-render: highlights the text being read aloud (EPUB 3 Media Overlays). */
        .\(MediaOverlayWriter.activeClass) {
            background-color: #ffe27a;
            color: #000000;
        }
        svg .\(MediaOverlayWriter.activeClass) {
            fill: #b04000;
        }

        """

    private func href(_ path: String) -> String {
        OverlayText.href(from: source.book.packagePath, to: path)
    }

    /// Now, as `dcterms:modified` wants it; `SOURCE_DATE_EPOCH` (the
    /// reproducible-builds convention) fixes it so that the same book and
    /// settings give a byte-identical EPUB.
    private static func modified() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init)
        return formatter.string(from: epoch.map(Date.init(timeIntervalSince1970:)) ?? Date())
    }
}
