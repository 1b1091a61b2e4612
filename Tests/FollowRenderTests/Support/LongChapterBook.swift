import Foundation
@testable import FollowRender

/// A generated unpacked EPUB whose chapters are long enough to be split into
/// slices: the real paragraphs of the corpus's Alice in Wonderland (public
/// domain), chapter after chapter, until each generated chapter holds
/// `units` UTF-16 units.
enum LongChapterBook {
    /// Writes the book into a new folder and returns its path.
    static func make(chapters: Int = 1, units: Int, name: String = #function) throws -> String {
        let archive = try EPUBArchive(path: TestPaths.book("alice-in-wonderland-epub2.epub"))
        let source = ChapterReader(archive: archive).read().chapters.flatMap { chapter in
            chapter.text.paragraphs.filter { $0.kind == .text }.map { chapter.text.substring($0.range) }
        }
        var bodies: [String] = []
        var next = 0
        for _ in 0..<chapters {
            var body = "<h1>Part \(bodies.count + 1)</h1>"
            var length = 0
            while length < units {
                let paragraph = source[next % source.count]
                next += 1
                body += "<p>" + escaped(paragraph) + "</p>\n"
                length += paragraph.utf16.count
            }
            bodies.append(body)
        }
        var files = EPUBTestSupport.minimalBook(chapter1: bodies[0])
        if chapters > 1 {
            files = EPUBTestSupport.replacing("EPUB/text/ch2.xhtml", with: EPUBTestSupport.chapterXHTML(bodies[1]), in: files)
        }
        let folder = try TestPaths.temporaryFolder(name) + "/book"
        try EPUBTestSupport.writeFolder(files, to: URL(fileURLWithPath: folder))
        return folder
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
