import Foundation

/// Fills the player's page templates for one rendered book: the book page and
/// each chapter page, with the book's data as embedded JSON.
struct WebPage {
    /// The cover as the pages refer to it.
    struct Cover: Hashable, Sendable, Encodable {
        /// The image as a percent-encoded relative link (`RelativeLink`).
        var file: String
        var type: String
        /// The image as a `data:` URL, for the Media Session artwork under
        /// `file://` (which takes only http, https, data and blob URLs); only
        /// on chapter pages, and only for covers up to `embeddedLimit` bytes.
        var data: String?
    }

    /// The largest cover embedded in each chapter page.
    static let embeddedLimit = 256 * 1024

    /// A chapter as the scripts see it.
    struct ChapterEntry: Encodable {
        var index: Int
        var title: String
        /// The page as a percent-encoded relative link (`RelativeLink`), which the scripts navigate to.
        var page: String
        var duration: Seconds
        /// UTF-16 length of its text, for progress from a saved offset.
        var length: Int
    }

    /// The `#fr-book` JSON of every page.
    struct BookData: Encodable {
        /// The key of saved positions.
        var id: String
        var title: String
        var authors: [String]
        var cover: Cover?
        /// Spine index of the chapter page; absent on the book page.
        var current: Int?
        /// The speed menu: playback rates, the render presets.
        var speeds: [Double]
        var chapters: [ChapterEntry]
    }

    let manifest: BookManifest
    let cover: Cover?
    private let embeddedCover: String?
    private let data: BookData
    /// The table of contents (`book.json` version 3); nil without one.
    private let contents: ContentsMarkup?
    /// Each chapter's first UTF-16 unit in the book's text (its chapters' texts in
    /// reading order), and the text's length: the extents of the progress bars.
    private let positions: (start: [Int: Int], end: Int)

    /// `identifier` is the book's own; without it, positions are keyed by title and authors.
    init(manifest: BookManifest, identifier: String?, cover: Cover?, coverData: Data?, lengths: [Int: Int]) {
        self.manifest = manifest
        self.cover = cover
        embeddedCover = coverData.flatMap { data in
            guard let cover, data.count <= Self.embeddedLimit else { return nil }
            return "data:\(cover.type);base64,\(data.base64EncodedString())"
        }
        let chapters = manifest.chapters.map { entry in
            ChapterEntry(index: entry.index, title: entry.title, page: Self.link(WebPlayer.pageName(timingFile: entry.timing)),
                         duration: entry.duration, length: lengths[entry.index] ?? 0)
        }
        var spans: [Int: (start: Double, end: Double)] = [:]
        var elapsed = 0.0, units = 0
        var positions: [Int: Int] = [:]
        for entry in manifest.chapters {
            spans[entry.index] = (elapsed, elapsed + entry.duration.value)
            elapsed += entry.duration.value
            positions[entry.index] = positions[entry.index] ?? units
            units += lengths[entry.index] ?? 0
        }
        self.positions = (positions, units)
        contents = (manifest.toc ?? []).isEmpty ? nil
            : ContentsMarkup(toc: manifest.toc ?? [], pages: Dictionary(chapters.map { ($0.index, $0.page) }, uniquingKeysWith: { a, _ in a }),
                             spans: spans)
        let id = identifier ?? ([manifest.title] + manifest.authors).joined(separator: " / ")
        data = BookData(id: id, title: manifest.title, authors: manifest.authors, cover: cover, current: nil,
                        speeds: SpeedTable.presetSpeeds, chapters: chapters)
    }

    /// A chapter page: `markup` is its text as HTML, `sidecar` its timing JSON, embedded as it is.
    func chapter(_ entry: BookManifest.Chapter, timing: ChapterTiming, sidecar: String, markup: String) throws(RenderError) -> String {
        var book = data
        book.current = entry.index
        book.cover?.data = embeddedCover
        let position = manifest.chapters.firstIndex { $0.index == entry.index } ?? 0
        var links: [String] = []
        if position > 0 {
            links.append(anchor(data.chapters[position - 1].page, "Previous chapter", rel: "prev"))
        }
        if position + 1 < data.chapters.count {
            links.append(anchor(data.chapters[position + 1].page, "Next chapter", rel: "next"))
        }
        let chapterTitle = XMLEscaping.escaped(entry.title), bookTitle = XMLEscaping.escaped(manifest.title)
        return try WebAssets.page(WebAssets.chapterTemplate, lang: XMLEscaping.escaped(manifest.language),
                                  title: "\(chapterTitle) · \(bookTitle)", [
            "bookTitle": bookTitle,
            "chapterLinks": links.joined(separator: " "),
            "contents": contents.map {
                "<details class=\"contents\" id=\"fr-contents\"><summary>Contents</summary><ol>\n"
                    + $0.list(withDurations: false, current: entry.index) + "\n</ol></details>"
            } ?? "",
            "content": markup,
            "audio": entry.audio.map(Self.link) ?? (RelativeLink(relativePath: timing.audio.file)?.encoded ?? "#"),
            "duration": String(format: "%.3f", timing.audio.duration.value),
            "durationText": Self.clock(timing.audio.duration.value),
            "book": try json(book),
            "timing": HTMLText.scriptJSON(sidecar),
        ])
    }

    /// The book page: cover, title, authors, the nested table of contents (else the chapters)
    /// with durations, and each entry's (else chapter's) progress bar.
    func index() throws(RenderError) -> String {
        let rows = data.chapters.map { chapter in
            let title = XMLEscaping.escaped(chapter.title), from = positions.start[chapter.index] ?? 0
            return "    <li><a href=\"\(chapter.page)\">\(title)</a>"
                + "<span class=\"duration\">\(Self.clock(chapter.duration.value))</span>"
                + Self.progressBar(from: from, to: from + chapter.length, label: title) + "</li>"
        }
        let count = manifest.chapters.count
        let summary = "\(count) chapter\(count == 1 ? "" : "s") · \(Self.clock(manifest.duration.value)) · "
            + "eSpeak NG voice \(manifest.voice) at \(manifest.rate.preset)"
        let bookTitle = XMLEscaping.escaped(manifest.title)
        return try WebAssets.page(WebAssets.indexTemplate, lang: XMLEscaping.escaped(manifest.language),
                                  title: bookTitle, [
            "bookTitle": bookTitle,
            "authors": XMLEscaping.escaped(manifest.authors.joined(separator: ", ")),
            "cover": cover.map { "<img class=\"cover\" src=\"\($0.file)\" alt=\"Cover of \(bookTitle)\">" } ?? "",
            "summary": XMLEscaping.escaped(summary),
            "chapters": contents?.list(withDurations: true, progress: positions) ?? rows.joined(separator: "\n"),
            "book": try json(data),
        ])
    }

    /// The book page's progress bar of an entry or chapter whose text runs from UTF-16
    /// unit `from` to `to` of the book's text (`library.js` sets its value from the
    /// saved position); `label` is the entry's escaped title.
    static func progressBar(from: Int, to: Int, label: String) -> String {
        "<progress class=\"listened\" data-from=\"\(from)\" data-to=\"\(to)\" max=\"1\" value=\"0\" aria-label=\"Listened of \(label)\">0%</progress>"
    }

    /// A link to a chapter page (`page` already a `RelativeLink`).
    private func anchor(_ page: String, _ label: String, rel: String) -> String {
        "<a href=\"\(page)\" rel=\"\(rel)\">\(label)</a>"
    }

    /// The percent-encoded relative link to a file beside the page. `name`
    /// has been checked as a chapter file name (`TimingValidation`) or is one
    /// of ours; anything else becomes a link to nothing rather than a URL
    /// that could carry a scheme.
    static func link(_ name: String) -> String {
        RelativeLink(fileName: name)?.encoded ?? "#"
    }

    private func json(_ book: BookData) throws(RenderError) -> String {
        do {
            return HTMLText.scriptJSON(String(decoding: try JSONCoding.data(book), as: UTF8.self))
        } catch {
            throw RenderError(.write, file: "index.html", "cannot encode the book data: \(error)", cause: error)
        }
    }

    /// `h:mm:ss` or `m:ss`.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
