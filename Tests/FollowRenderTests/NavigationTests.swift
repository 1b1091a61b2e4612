import Foundation
import Testing
@testable import FollowRender

/// The table of contents as a navigation model: entries placed at the
/// narration offset their fragment names, and hostile navigation documents
/// read leniently, one warning per kind, in bounded time.
@Suite("Table of contents navigation")
struct NavigationTests {
    /// The chapters read from `files` (as `ChapterReader.read` places the entries), the warnings of opening and placing, and the navigation.
    private func read(_ files: [(String, Data)], matter: MatterSelection = .all)
        throws -> (chapters: [Chapter], warnings: [BookWarning], navigation: BookNavigation) {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try EPUBArchive(path: NavigationBook.write(files, in: folder))
        let result = ChapterReader(archive: archive, options: NarrationOptions(matter: matter)).read()
        return (result.chapters, archive.warnings + result.warnings, BookNavigation(book: archive.book))
    }

    /// Each mark as (spine index, entry title, the line of narration from its offset).
    private func placed(_ chapters: [Chapter], _ navigation: BookNavigation) -> [(Int, String, String)] {
        chapters.flatMap { chapter in
            chapter.marks.map { mark in
                let text = String(chapter.text.text.utf16.dropFirst(mark.offset)) ?? ""
                let line = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").first.map(String.init) ?? ""
                return (chapter.index, mark.entry.map { navigation.entries[$0].title } ?? chapter.title, line)
            }
        }
    }

    @Test("entries inside one document begin at their fragment's narrated text; a title page without an entry has no mark")
    func fragmentsInOneDocument() throws {
        let (chapters, warnings, navigation) = try read(NavigationBook.tales)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(chapters.map(\.index) == [1, 2])
        #expect(chapters[0].marks.isEmpty)
        let marks = placed(chapters, navigation)
        #expect(marks.map(\.1) == ["Part One", "The Fox", "The Crow", "The Owl"])
        #expect(marks.map(\.2) == ["Part One", "The Fox", "The Crow", "The Owl"])
        #expect(navigation.entries.map(\.level) == [1, 2, 2, 1])
        #expect(navigation.entries.map(\.parent) == [nil, 0, 0, nil])
    }

    @Test("an entry naming an element with no narrated text begins at the next narrated text")
    func emptyTarget() throws {
        let files = NavigationBook.files(items: #"<li><a href="a.xhtml#anchor">Here</a></li>"#,
                                         documents: [("a.xhtml", #"<p>Before it.</p><a id="anchor"/><div hidden="hidden">unheard</div><p>After it.</p>"#)])
        let (chapters, _, navigation) = try read(files)
        #expect(placed(chapters, navigation).map(\.2) == ["After it."])
    }

    @Test("an entry after its chapter's last word (notes not narrated) begins at the next chapter's start; at the book's end it is left out")
    func afterTheLastWord() throws {
        let notes = #"<p>Told.</p><section id="notes" epub:type="endnotes" xmlns:epub="http://www.idpf.org/2007/ops"><aside epub:type="endnote"><p>A note.</p></aside></section>"#
        let files = NavigationBook.files(
            items: #"<li><a href="a.xhtml">A</a></li><li><a href="a.xhtml#notes">Notes of A</a></li><li><a href="b.xhtml">B</a></li><li><a href="b.xhtml#notes">Notes of B</a></li>"#,
            documents: [("a.xhtml", notes), ("b.xhtml", notes)])
        let (chapters, warnings, navigation) = try read(files)
        #expect(warnings.isEmpty, "\(warnings)")
        let marks = placed(chapters, navigation)
        #expect(marks.map(\.1) == ["A", "Notes of A", "B"])
        #expect(marks.map(\.0) == [1, 2, 2] && marks.map(\.2) == ["Told.", "Told.", "Told."])
        #expect(chapters[1].marks.map(\.href) == ["EPUB/a.xhtml#notes", "EPUB/b.xhtml"])
    }

    @Test("an entry whose document has no narration begins at the next chapter; one left out by --matter body is left out")
    func unnarratedDocuments() throws {
        let files = NavigationBook.files(
            items: #"<li><a href="cover.xhtml">Cover</a></li><li><a href="imprint.xhtml">Imprint</a></li><li><a href="one.xhtml">One</a></li>"#,
            documents: [("cover.xhtml", "<div><img src=\"x.png\" alt=\"\"/></div>"),
                        ("imprint.xhtml", "<section epub:type=\"imprint\" xmlns:epub=\"http://www.idpf.org/2007/ops\"><p>Printed here.</p></section>"),
                        ("one.xhtml", "<h1>One</h1><p>The story.</p>")])
        let all = try read(files)
        #expect(placed(all.chapters, all.navigation).map(\.1) == ["Cover", "Imprint", "One"])
        #expect(placed(all.chapters, all.navigation).map(\.0) == [2, 2, 3])
        let body = try read(files, matter: .body)
        #expect(placed(body.chapters, body.navigation).map(\.1) == ["One"])
    }

    @Test("a book without a table of contents gets a mark per chapter")
    func noNavigation() throws {
        let files = NavigationBook.files(items: "", documents: [("a.xhtml", "<p>One.</p>"), ("b.xhtml", "<p>Two.</p>")])
        let (chapters, _, _) = try read(files)
        #expect(chapters.map(\.marks) == [[Chapter.Mark(entry: nil, offset: 0, href: "EPUB/a.xhtml")],
                                          [Chapter.Mark(entry: nil, offset: 0, href: "EPUB/b.xhtml")]])
    }

    @Test("entries out of spine order are left out of the marks with one warning; several at one offset keep their order")
    func outOfOrderAndCycles() throws {
        let items = ["b.xhtml", "a.xhtml", "a.xhtml#x", "b.xhtml#y", "b.xhtml#y", "a.xhtml#x", "b.xhtml#y"]
            .enumerated().map { "<li><a href=\"\($1)\">E\($0)</a></li>" }.joined()
        let files = NavigationBook.files(items: items, documents: [("a.xhtml", "<p id=\"x\">One.</p>"), ("b.xhtml", "<p id=\"y\">Two.</p>")])
        let (chapters, warnings, navigation) = try read(files)
        #expect(placed(chapters, navigation).map(\.1) == ["E0", "E3", "E4", "E6"])
        #expect(warnings.map(\.kind) == [.navigationOrder])
        #expect(warnings.first?.message.contains("(and 2 more like it)") == true)
    }

    @Test("10,000 entries are read up to the cap with one warning, in bounded time")
    func tenThousandEntries() throws {
        let items = (0..<10_000).map { "<li><a href=\"a.xhtml#p\($0 % 50)\">Entry \($0)</a></li>" }.joined()
        let body = (0..<50).map { "<p id=\"p\($0)\">Paragraph \($0).</p>" }.joined()
        let start = Date()
        let (chapters, warnings, navigation) = try read(NavigationBook.files(items: items, documents: [("a.xhtml", body)]))
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(navigation.entries.count == TableOfContents.maximumEntries)
        #expect(Set(warnings.map(\.kind)) == [.navigationTooLarge, .navigationOrder])
        #expect(chapters[0].marks.count <= TableOfContents.maximumEntries)
    }

    @Test("nesting 100 deep is read down to the deepest kept level, with one warning")
    func deepNesting() throws {
        let items = String(repeating: "<li><a href=\"a.xhtml\">Level</a><ol>", count: 100) + "<li><a href=\"a.xhtml\">Bottom</a></li>"
            + String(repeating: "</ol></li>", count: 100)
        let (_, warnings, navigation) = try read(NavigationBook.files(items: items, documents: [("a.xhtml", "<p>Text.</p>")]))
        #expect(navigation.entries.count == 101)
        #expect(navigation.entries.map(\.level).max() == TableOfContents.maximumDepth + 1)
        #expect(warnings.map(\.kind) == [.navigationTooDeep])
    }

    @Test("empty, 10,000-character and control-character labels become one bounded line with one warning a kind")
    func hostileLabels() throws {
        let long = String(repeating: "word ", count: 2000)
        let items = """
            <li><a href="a.xhtml"></a></li><li><a href="a.xhtml#x">\(long)</a></li>\
            <li><a href="b.xhtml">Bell&#x7F;Line&#x9B;31m&#x85;
            break</a></li>
            """
        let files = NavigationBook.files(items: items, documents: [("a.xhtml", "<p>Intro.</p><p id=\"x\">Text.</p>"), ("b.xhtml", "<p>B.</p>")])
        let (_, warnings, navigation) = try read(files)
        // (XML 1.0 has no C0 controls but tab and line ends; DEL, C1 controls such as CSI and NEL it allows.)
        let titles = navigation.entries.map(\.title)
        try #require(titles.count == 3, "\(titles) \(warnings)")
        #expect(titles[0] == "")
        #expect(titles[1].count == TableOfContents.maximumLabel && titles[1].hasSuffix("…"))
        #expect(titles[2] == "Bell Line 31m break")
        #expect(Set(warnings.map(\.kind)) == [.navigationLongLabel, .navigationControlCharacters])
        #expect(warnings.allSatisfy { !$0.message.contains("\n") && !$0.message.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x7F } && $0.message.count < 400 })
    }

    @Test("an id that appears twice is taken at its first element, with one warning; a missing id starts at the document's start")
    func duplicateAndMissingIDs() throws {
        let files = NavigationBook.files(
            items: #"<li><a href="a.xhtml#twice">Twice</a></li><li><a href="b.xhtml#nowhere">Nowhere</a></li>"#,
            documents: [("a.xhtml", #"<p>Lead.</p><p id="twice">First.</p><p id="twice">Second.</p>"#), ("b.xhtml", "<p>Bee.</p>")])
        let (chapters, warnings, navigation) = try read(files)
        #expect(placed(chapters, navigation).map(\.2) == ["First.", "Bee."])
        #expect(warnings.map(\.kind) == [.navigationMissingTarget, .navigationDuplicateID])
    }

    @Test("links to other books, web pages, ../ paths and missing files are dropped with one warning a kind, their children kept")
    func linksOutside() throws {
        let items = """
            <li><a href="../../other.epub#c1">Other book</a><ol><li><a href="a.xhtml">Kept child</a></li></ol></li>
            <li><a href="http://example.com/">Web</a></li><li><a href="../../../etc/passwd">Up</a></li>
            <li><a href="missing.xhtml">Missing</a></li><li><a href="gone.xhtml">Gone</a></li>
            """
        let (chapters, warnings, navigation) = try read(NavigationBook.files(items: items, documents: [("a.xhtml", "<p>A.</p>")]))
        #expect(navigation.entries.map(\.title) == ["Kept child"])
        #expect(placed(chapters, navigation).map(\.1) == ["Kept child"])
        #expect(warnings.map(\.kind) == [.navigationOutside, .navigationMissingFile])
        #expect(warnings.first?.message.contains("(and 2 more like it)") == true)
    }
}
