import Foundation
import Testing
@testable import FollowRender

@Suite("The real corpus, chapter by chapter")
struct CorpusTests {
    @Test("every chapter of every corpus book has ordered, trimmed spans covering all its text",
          arguments: try TestPaths.corpusFiles("books"))
    func spanInvariantsHold(book: String) throws {
        let archive = try EPUBArchive(path: book)
        var warnings: [BookWarning] = []
        let chapters = ChapterReader(archive: archive).chapters { warnings.append($0) }
        #expect(warnings == [], "\(book)")
        #expect(!chapters.isEmpty, "\(book) has no narrated chapter")
        for chapter in chapters {
            let violations = spanInvariantViolations(
                text: chapter.text.text, paragraphs: chapter.text.paragraphs.map(\.range), sentences: chapter.sentences)
            #expect(violations.isEmpty, "\(book) \(chapter.href): \(violations.prefix(3))")
        }
    }

    @Test("every narrated character of every corpus chapter maps back to its source text",
          arguments: try TestPaths.corpusFiles("books"))
    func sourceMapHolds(book: String) throws {
        let archive = try EPUBArchive(path: book)
        let reader = ChapterReader(archive: archive)
        for item in reader.narratedItems {
            guard let chapter = try reader.chapter(item) else { continue }
            let document = try XMLDocument(data: archive.data(at: item.path), path: item.path)
            let nodes = try #require(document.root).textNodes.map { Array($0.content.utf16) }
            let text = Array(chapter.text.text.utf16)
            var mapped = 0
            for span in chapter.text.sourceMap {
                let source = nodes[span.node][span.offset..<(span.offset + span.range.length)]
                let narrated = text[span.range.location..<span.range.end]
                let sameModuloWhitespace = zip(source, narrated).allSatisfy { pair in
                    pair.0 == pair.1 || (pair.1 == 0x20 && [0x09, 0x0A, 0x0D, 0x0C].contains(pair.0))
                }
                #expect(sameModuloWhitespace, "\(book) \(item.path) at \(span.range.location)")
                mapped += span.range.length
            }
            let separators = text.filter { $0 == 0x0A }.count
            #expect(mapped + separators == text.count, "\(book) \(item.path): unmapped characters")
        }
    }

    @Test("Japanese text is split into sentences at 。 and into MeCab's bunsetsu")
    func japanese() throws {
        let archive = try EPUBArchive(path: TestPaths.book("internallinks.epub"))
        let reader = ChapterReader(archive: archive)
        let item = try #require(archive.book.spine.first { $0.path.hasSuffix("0001.xhtml") })
        let chapter = try #require(try reader.chapter(item))
        #expect(chapter.language == "ja")
        #expect(chapter.sentences.count > 20)
        let firstBody = chapter.sentences.map { chapter.text.substring($0.range) }.first { $0.hasSuffix("。") }
        #expect(firstBody != nil)
        let words = chapter.sentences.flatMap(\.words).map { chapter.text.substring($0) }
        #expect(words.contains("数式の"))
        #expect(words.contains("iBooks3.0の"), "a decimal number stays one word")
    }

    @Test("Arabic text is split at its own question mark and read right to left in logical order")
    func arabic() throws {
        let archive = try EPUBArchive(path: TestPaths.book("regime-anticancer-arabic.epub"))
        let chapters = ChapterReader(archive: archive).chapters { _ in }
        let sentences = chapters.flatMap { chapter in chapter.sentences.map { chapter.text.substring($0.range) } }
        #expect(sentences.contains("ما هو السرطان؟"))
        #expect(sentences.contains("من أين تأتي الحياة؟"))
    }
}
