import Foundation
import Testing
@testable import FollowRender

/// Markdown headings below the chapter level and PDF bookmarks below the
/// chapters' are entries of the generated navigation document, nested under
/// their chapter, at ids on their elements: their marks land at the headings'
/// first words, in the model and in the decoded single file.
@Suite("Sections of Markdown and PDF books as table-of-contents entries", .serialized)
struct InputSectionsTests {
    static let markdown = InputFixtures.path("sections.md")
    static let markdownEntries = [("Before Dawn", 1), ("Mixing", 2), ("Shaping", 2), ("Opening Time", 1), ("A Regular", 2),
                                  ("The Rush", 2)]
    static let pdfEntries = [("The Clockmaker's Shop", 1), ("Winding", 2), ("The Apprentice", 2), ("Repairs", 1), ("Springs", 2),
                             ("Mainsprings", 3), ("Glass", 2)]

    /// Each placed entry: its title, level, and the narration from its mark to the end of that line.
    private func placed(_ path: String) throws -> (entries: [(String, Int, String)], archive: EPUBArchive) {
        let (archive, chapters) = try InputFixtures.read(path)
        let navigation = BookNavigation(book: archive.book)
        let entries = chapters.flatMap { chapter in
            chapter.marks.map { mark -> (String, Int, String) in
                let entry = navigation.entries[mark.entry ?? 0]
                let text = String(chapter.text.text.utf16.dropFirst(mark.offset)) ?? ""
                let line = text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                return (entry.title, entry.level, line)
            }
        }
        return (entries, archive)
    }

    @Test("Markdown headings below the chapter level are nested entries at ids on the headings; each mark is at its heading's first word")
    func markdownSections() throws {
        let (entries, archive) = try placed(Self.markdown)
        #expect(entries.map { [$0.0, "\($0.1)"] } == Self.markdownEntries.map { [$0.0, "\($0.1)"] })
        // Every entry begins at its own heading's text (a chapter's at its heading, the first thing narrated).
        #expect(entries.allSatisfy { $0.2 == $0.0 }, "\(entries)")
        let chapter = String(decoding: try archive.data(at: "OEBPS/chapter-2.xhtml"), as: UTF8.self)
        #expect(chapter.contains("<h4 id=\"section-1\">A Regular</h4>") && chapter.contains("<h3 id=\"section-2\">The Rush</h3>"),
                "\(chapter)")
        // The #### under a ## nests one level down, and the ### after it is its sibling.
        let nav = String(decoding: try archive.data(at: "OEBPS/nav.xhtml"), as: UTF8.self)
        #expect(nav.contains("<li><a href=\"chapter-2.xhtml\">Opening Time</a><ol><li><a href=\"chapter-2.xhtml#section-1\">A Regular</a>"
            + "</li><li><a href=\"chapter-2.xhtml#section-2\">The Rush</a></li></ol></li>"), "\(nav)")
    }

    @Test("PDF bookmarks below the chapters' are nested entries: at a heading line it is a heading with the id, inside a paragraph the paragraph starts there")
    func pdfSections() throws {
        let (entries, archive) = try placed(try InputFixtures.pdf("sections.pdf"))
        #expect(entries.map { [$0.0, "\($0.1)"] } == Self.pdfEntries.map { [$0.0, "\($0.1)"] })
        let lines = entries.map(\.2)
        #expect(lines == ["The Clockmaker's Shop", "Winding", "On Tuesdays a boy came to learn the trade. He swept the floor before he was allowed to touch a gear.",
                          "Repairs", "Springs", "Mainsprings", "Glass"], "\(lines)")
        let chapter = String(decoding: try archive.data(at: "OEBPS/chapter-1.xhtml"), as: UTF8.self)
        #expect(chapter.contains("<h2 id=\"section-1\">Winding</h2>") && chapter.contains("<p id=\"section-2\">On Tuesdays"), "\(chapter)")
        let second = String(decoding: try archive.data(at: "OEBPS/chapter-2.xhtml"), as: UTF8.self)
        #expect(second.contains("<h3 id=\"section-2\">Mainsprings</h3>"), "\(second)")
    }

    @Test("rendered to one MP3, the Markdown and PDF books have a mark per section, each within 30 ms of its heading's onset in the decoded audio")
    func marksInTheSingleFile() throws {
        for (book, entries) in [(Self.markdown, Self.markdownEntries), (try InputFixtures.pdf("sections.pdf"), Self.pdfEntries)] {
            let render = try RenderedFolder.render(book, ["--rate", "4x", "--jobs", "2"], audiobook: "book.mp3")
            defer { try? FileManager.default.removeItem(atPath: render.path) }
            let file = render.file("book.mp3")
            let report = try ChapterMarksCheck.check([file])
            #expect(ChapterMarksCheck.marks(report[file] ?? [:]).map(\.title) == entries.map(\.0))
            // The nesting reaches the MP3's CTOC frames: the first chapter's CTOC lists its sections' marks.
            let ctoc = report[file]?["ctoc"] as? [String: [String: Any]]
            #expect((ctoc?["toc1"]?["children"] as? [String])?.count == 3, "\(String(describing: ctoc))")
        }
    }
}
