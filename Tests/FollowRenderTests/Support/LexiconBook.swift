import Foundation
@testable import FollowRender

/// A small generated EPUB for the lexicon tests: an English chapter with
/// `Dr.` and a name, a Japanese paragraph, and a link to a lexicon path of the
/// test's choice (one that climbs out of the container, say).
enum LexiconBook {
    static let english = "Dr. Watson met Niamh at noon."
    static let japanese = "日本語を話す人がいる。"

    /// Writes the book into a fresh folder and returns its path; `extra` is
    /// more XHTML for the end of the first chapter.
    static func write(link href: String? = nil, extra: String = "", name: String = #function) throws -> String {
        let link = href.map { "<link rel=\"pronunciation\" type=\"application/pls+xml\" href=\"\($0)\"/>" } ?? ""
        let chapter = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>Chapter</title>\(link)</head>
            <body><h1 id="start">One</h1><p>\(english)</p><p xml:lang="ja">\(japanese)</p>\(extra)</body></html>
            """
        let files = EPUBTestSupport.replacing("EPUB/text/chapter 1.xhtml", with: chapter, in: EPUBTestSupport.minimalBook())
        let folder = try TestPaths.temporaryFolder(name)
        return try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/lexicon-book.epub")).path
    }

    /// The book's first chapter, its archive, and a pronouncer with `lexicons`.
    static func open(_ path: String, lexicons: [String]) throws -> (chapter: Chapter, pronouncer: Pronouncer,
                                                                  warnings: () -> [PronunciationWarning]) {
        let archive = try EPUBArchive(path: path)
        let chapter = try ChapterReader(archive: archive).read().chapters[0]
        let box = WarningBox()
        let pronouncer = Pronouncer(archive: archive, lexiconPaths: lexicons) { box.warnings.append($0) }
        return (chapter, pronouncer, { box.warnings })
    }

    private final class WarningBox {
        var warnings: [PronunciationWarning] = []
    }
}
