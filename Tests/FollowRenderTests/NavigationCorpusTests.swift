import Foundation
import Testing
@testable import FollowRender

/// The table of contents placed in every corpus book: marks only move
/// forward, stay inside their chapter's text and fall on a word; and the
/// count of chapter marks a single file gets (one per distinct first word,
/// plus the book's title for audio before the first entry) against the one
/// mark per narrated file of before (the table in docs/chapters.md).
@Suite("Table of contents over the corpus")
struct NavigationCorpusTests {
    /// The marks a single file of `chapters` gets: the first word (chapter, word start) of each placed entry, distinct,
    /// and whether audio comes before the first one.
    static func markCount(_ chapters: [Chapter]) -> (marks: Int, titleMark: Bool) {
        var places: [(Int, Int)] = []
        for chapter in chapters {
            let words = chapter.sentences.flatMap(\.words)
            for mark in chapter.marks {
                let word = words.first { $0.location + $0.length > mark.offset }?.location ?? chapter.text.utf16Count
                if places.last.map({ $0 != (chapter.index, word) }) ?? true { places.append((chapter.index, word)) }
            }
        }
        guard let first = places.first, let firstChapter = chapters.first else { return (0, false) }
        let firstWord = firstChapter.sentences.first?.words.first?.location ?? 0
        let before = first.0 != firstChapter.index || first.1 > firstWord
        return (places.count + (before ? 1 : 0), before)
    }

    @Test("every corpus book's entries are placed in order, inside their chapter's text, one warning a kind at most",
          arguments: try TestPaths.corpusFiles("books"))
    func placed(_ book: String) throws {
        let archive = try BookSource.open(path: book, options: InputOptions())
        let result = ChapterReader(archive: archive).read()
        var last: (Int, Int)?
        for chapter in result.chapters {
            for mark in chapter.marks {
                #expect(mark.offset >= 0 && mark.offset <= chapter.text.utf16Count)
                if let last { #expect(last <= (chapter.index, mark.offset)) }
                last = (chapter.index, mark.offset)
            }
        }
        let kinds = result.warnings.map(\.kind)
        #expect(Set(kinds).count == kinds.count, "\(result.warnings)")
        let (marks, titleMark) = Self.markCount(result.chapters)
        #expect(marks >= 1)
        let name = URL(fileURLWithPath: book).lastPathComponent
        print("chapter-count | \(name) | \(result.chapters.count) | \(marks)\(titleMark ? " (with the title mark)" : "")")
    }
}
