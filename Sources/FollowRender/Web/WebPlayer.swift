import Foundation

/// Writes the reference web player into a rendered folder: `index.html` (title,
/// cover, chapters with durations and progress) and one `NNN-slug.html` per
/// chapter, plus the player's stylesheet and scripts, the book's text for the
/// search (`SearchData`, `search.js`) and the cover image.
///
/// The pages work from `file://` as well as from any static server: each
/// chapter page embeds its timing sidecar verbatim in a
/// `<script type="application/json">` (browsers refuse `fetch` of local
/// files), and its text as HTML with the paragraphs and headings of the source
/// book when it is known (`WebBookDetails`), else as read back from the
/// sidecar's pauses (`PauseStructure`).
public struct WebPlayer: Sendable {
    /// What was written, and where each chapter's structure came from.
    public struct Summary: Hashable, Sendable {
        /// The pages written into the folder: the chapter pages, then `index.html`.
        public var pages: [String]
        /// Spine indexes whose paragraphs came from the source book.
        public var fromBook: [Int]
        /// Spine indexes whose paragraphs were read back from the pauses.
        public var fromPauses: [Int]

        /// The warning to give when some chapters' structure was read back
        /// from the pauses; nil when every chapter's came from the book.
        public func pausesWarning(bookKnown: Bool) -> String? {
            guard !fromPauses.isEmpty else { return nil }
            let list = fromPauses.map(String.init).joined(separator: ", ")
            return "web player: paragraphs and headings of chapter\(fromPauses.count == 1 ? "" : "s") \(list) read back from the "
                + "sidecars' pauses (" + (bookKnown ? "the book's text differs from the sidecar's" : "source book not found; give \(Setting.book)") + ")"
        }
    }

    /// The rendered folder (with `book.json`).
    public var folder: String
    /// The source book's identifier, cover and paragraphs; nil when the book is not at hand.
    public var details: WebBookDetails?

    public init(folder: String, details: WebBookDetails?) {
        self.folder = folder
        self.details = details
    }

    /// The files the player writes whatever the book: the book page, its
    /// stylesheet and scripts, and the cover under any of its names.
    public static var fixedFiles: [String] {
        ["index.html", SearchData.fileName] + WebAssets.copied + WebBookDetails.Cover.fileNames
    }

    /// The page of a chapter, named after its sidecar: `NNN-slug.html`.
    public static func pageName(timingFile: String) -> String {
        let suffix = ".timing.json"
        let stem = timingFile.hasSuffix(suffix) ? String(timingFile.dropLast(suffix.count)) : timingFile
        return stem + ".html"
    }

    /// Writes every page; each file appears atomically.
    @discardableResult
    public func write() throws(RenderError) -> Summary {
        let rendered: RenderedBook
        do {
            rendered = try OwnFiles.load(folder)
        } catch {
            throw RenderError(.unreadableInput, file: error.file, error.reason, cause: error)
        }
        guard let manifest = rendered.manifest else {
            throw RenderError(.unreadableInput, file: folder, "not a rendered folder (no \(OutputNaming.manifestFile))")
        }
        var pages: [String] = []
        for name in WebAssets.copied {
            try save(WebAssets.data(name), as: name)
        }
        var cover: WebPage.Cover?
        if let image = details?.cover, image.mediaType == "image/svg+xml" {
            // An SVG file opened by itself runs its scripts: it is shown only through
            // <img> (which runs none), as a data: URL, and never written as a file.
            if image.data.count <= WebPage.embeddedLimit {
                cover = WebPage.Cover(file: "data:image/svg+xml;base64," + image.data.base64EncodedString(), type: image.mediaType)
            }
        } else if let image = details?.cover, let name = image.fileName {
            try save(image.data, as: name)
            cover = WebPage.Cover(file: WebPage.link(name), type: image.mediaType)
        }
        let page = WebPage(manifest: manifest, identifier: details?.identifier, cover: cover, coverData: details?.cover?.data,
                           lengths: Dictionary(rendered.chapters.map { ($0.chapter.index, $0.text.utf16.count) },
                                               uniquingKeysWith: { first, _ in first }))
        var fromBook: [Int] = [], fromPauses: [Int] = []
        var search = SearchData(chapters: [])
        // RenderedBook.load has checked that every file name is a plain name (TimingValidation),
        // so the pages, named after the sidecars, stay in the folder.
        for (entry, timing) in zip(manifest.chapters, rendered.chapters) {
            let paragraphs: [Paragraph]
            if let known = details?.paragraphs(for: timing) {
                paragraphs = known
                fromBook.append(entry.index)
            } else {
                paragraphs = PauseStructure.paragraphs(timing, speed: Self.speed(manifest.rate.preset),
                                                        pauses: manifest.pauses ?? .standard)
                fromPauses.append(entry.index)
            }
            let sidecar = try read(entry.timing)
            let html = try page.chapter(entry, timing: timing, sidecar: sidecar,
                                        markup: ChapterMarkup(timing: timing, paragraphs: paragraphs).html())
            let name = Self.pageName(timingFile: entry.timing)
            try save(Data(html.utf8), as: name)
            pages.append(name)
            search.chapters.append(.init(index: entry.index, title: entry.title, page: WebPage.link(name), text: timing.text))
        }
        try save(search.script(), as: SearchData.fileName)
        try save(Data(page.index().utf8), as: "index.html")
        pages.append("index.html")
        return Summary(pages: pages, fromBook: fromBook, fromPauses: fromPauses)
    }

    /// The speed of a preset name such as `2x`; nil for `175wpm`.
    static func speed(_ preset: String) -> Double? {
        preset.hasSuffix("x") ? Double(preset.dropLast()) : nil
    }

    private func read(_ name: String) throws(RenderError) -> String {
        let data: Data
        do {
            data = try OwnFiles.read(folder + "/" + name, limit: .sidecar)
        } catch {
            throw RenderError(.unreadableInput, file: folder + "/" + name, error.reason, cause: error)
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    private func save(_ data: Data, as name: String) throws(RenderError) {
        do {
            try AtomicFile.write(data, to: folder + "/" + name)
        } catch {
            throw RenderError(.write, file: folder + "/" + name, error.description, cause: error)
        }
    }
}
