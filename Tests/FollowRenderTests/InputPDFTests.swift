import Foundation
import Testing
@testable import FollowRender

@Suite("PDF input")
struct InputPDFTests {
    @Test("a two-column PDF is read column by column, in chapters from its outline, with its document info")
    func outlineAndColumns() throws {
        let (archive, chapters) = try InputFixtures.read(try InputFixtures.pdf("two-column.pdf"))
        #expect(archive.input?.format == .pdf && archive.input?.encoding == nil)
        #expect(archive.book.metadata.title == "The Harbour Almanac" && archive.book.metadata.creators == ["Rosa Lindqvist"])
        #expect(chapters.map(\.title) == ["Chapter 1: The Harbour", "Chapter 2: The Storm", "Chapter 3: After"])
        #expect(chapters.map(\.href) == (1...3).map { "two-column.pdf#chapter-\($0)" })
        let first = chapters[0].sentenceTexts
        // The left column (ending "only fools argued with it.") comes before the right one.
        let left = try #require(first.firstIndex(of: "He said the tide had a temper, and that only fools argued with it."))
        let right = try #require(first.firstIndex(of: "By seven the fish market was loud."))
        #expect(left < right)
        #expect(first.last == "The day went on like any other day in the harbour, slow and busy at once.")
    }

    @Test("a chapter starts where its bookmark points on the page, not at the top of the page")
    func midPageChapters() throws {
        let chapters = try InputFixtures.read(try InputFixtures.pdf("two-column.pdf")).chapters
        #expect(chapters[1].sentenceTexts.first == "Chapter 2: The Storm")
        #expect(chapters[1].sentenceTexts.dropFirst().first == "In the afternoon the sky turned the colour of slate.")
        #expect(!chapters[1].text.text.contains("slow and busy"))
    }

    @Test("running headers and page numbers are dropped, and words split by a line-end hyphen are joined")
    func runningLinesAndHyphens() throws {
        let chapters = try InputFixtures.read(try InputFixtures.pdf("two-column.pdf")).chapters
        let text = chapters.map(\.text.text).joined(separator: "\n")
        #expect(!text.contains("Harbour Almanac"))
        #expect(!chapters.flatMap(\.sentenceTexts).contains { Int($0) != nil })
        #expect(text.contains("slid out past the lighthouse while") && text.contains("and everybody pretended"))
        #expect(PDFBook.isPageNumber("- 12 -") && PDFBook.isPageNumber("Page 3 of 9") && PDFBook.isPageNumber("xii"))
        #expect(!PDFBook.isPageNumber("12 boats came in"))
    }

    @Test("a PDF without outline is split every --pages-per-chapter pages, its larger lines becoming headings")
    func pagesPerChapter() throws {
        let path = try InputFixtures.pdf("no-outline.pdf")
        let chapters = try InputFixtures.read(path, InputOptions(pagesPerChapter: 2)).chapters
        #expect(chapters.map(\.title) == ["Pages 1–2", "Page 3"])
        let (archive, whole) = try InputFixtures.read(path)
        #expect(whole.map(\.title) == ["Pages 1–3"])
        // Lines in a larger font than the body are headings.
        let markup = String(decoding: try archive.data(at: "OEBPS/chapter-1.xhtml"), as: UTF8.self)
        #expect(markup.contains("<h2>Chapter 2: The Storm</h2>\n<p>In the afternoon"), "\(markup)")
    }

    @Test("a PDF with no text layer is refused with one line, and nothing is written")
    func scannedPDF() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try InputFixtures.pdf("scanned.pdf")
        let run = try CommandRun.cli([path, "--rate", "4x", "--out", folder + "/out", "--epub", folder + "/book.epub"])
        #expect(run.status == 1)
        #expect(run.stderr == "follow-render: \(path): no text layer: the PDF's 1 page(s) hold only images (scanned?); follow-render does no OCR\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a damaged PDF is refused with one line naming it")
    func damagedPDF() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/broken.pdf"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try InputFixtures.pdf("two-column.pdf")))
        try bytes.prefix(600).write(to: URL(fileURLWithPath: path))
        let run = try CommandRun.cli(["inspect", path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("follow-render: \(path): cannot be read as PDF") && run.stderr.split(separator: "\n").count == 1,
                "\(run.stderr)")
    }
}
