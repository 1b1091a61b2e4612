import Foundation
import Testing
@testable import FollowRender

/// Every corpus book rendered to M4B, MP3 and Opus: the marks the
/// independent readers find (`ChapterMarksCheck`) are as many as the
/// distinct narrated entries of the rendered chapters, and each lies within
/// 30 ms of the onset of speech in the decoded file.
///
/// A book is rendered as a bounded selection of its chapters (`--chapters`)
/// that covers every kind of entry it has (`Selection`); a book whose
/// selection is longer than ``budget`` (its chapters are single files of an
/// hour or more) is checked whole by `scripts/check-marks.py` instead
/// (results in docs/chapters.md), and the test checks that it is indeed over.
@Suite("Chapter marks of every corpus book in the decoded M4B, MP3 and Opus", .serialized)
struct CorpusMarksTests {
    /// UTF-16 units of narration text a book's selection may have (about a minute at 1x per thousand;
    /// 20,000 take about 20 s of CPU for the three formats at 4x).
    static let budget = 20_000
    /// The books over ``budget``, checked whole by `scripts/check-marks.py`: one-file books of 29,000 to 292,000 units.
    static let checkedByScript: Set<String> = ["childrens-literature.epub", "georgia-pls-ssml.epub", "regime-anticancer-arabic.epub"]

    /// The chapters a book is rendered with: the first narrated chapter (where
    /// audio before the first entry gets the book's title as its mark), and the
    /// shortest chapter of each other kind the book has: entries inside a file
    /// at fragments, several entries at one word, a file without any entry, and
    /// another file that begins with an entry (a mark at a file's start, which
    /// the first one is not measured at: the first mark is at 0).
    struct Selection {
        var chapters: [Chapter]
        var kinds: [String]

        init(_ all: [Chapter]) {
            func words(_ chapter: Chapter) -> [Int] {
                let words = chapter.sentences.flatMap(\.words)
                return chapter.marks.compactMap { mark in words.first { $0.location + $0.length > mark.offset }?.location }
            }
            func firstWord(_ chapter: Chapter) -> Int { chapter.sentences.first?.words.first?.location ?? 0 }
            guard let first = all.first else {
                chapters = []
                self.kinds = []
                return
            }
            let kinds: [(String, (Chapter) -> Bool)] = [
                ("entries at fragments", { chapter in words(chapter).contains { $0 > firstWord(chapter) } }),
                ("entries at one word", { chapter in Set(words(chapter)).count < words(chapter).count }),
                ("file without entry", { $0.marks.isEmpty }),
                ("another file starting with an entry", { chapter in
                    chapter.index != first.index && words(chapter).first == firstWord(chapter) }),
            ]
            var chosen = [first.index: first]
            var found = [first.marks.isEmpty || words(first).first != firstWord(first) ? "title mark" : "first chapter"]
            for (kind, matches) in kinds {
                if let chapter = all.filter(matches).min(by: { $0.text.utf16Count < $1.text.utf16Count }) {
                    chosen[chapter.index] = chapter
                    found.append(kind)
                }
            }
            chapters = chosen.values.sorted { $0.index < $1.index }
            self.kinds = found
        }

        var cost: Int { chapters.reduce(0) { $0 + $1.text.utf16Count } }
        var list: String { chapters.map { String($0.index) }.joined(separator: ",") }
    }

    @Test("every corpus book's M4B, MP3 and Opus have a mark per distinct narrated entry, each within 30 ms of its word's onset in the decoded audio",
          arguments: try TestPaths.corpusFiles("books"))
    func marks(_ book: String) throws {
        let name = URL(fileURLWithPath: book).lastPathComponent
        let archive = try BookSource.open(path: book, options: InputOptions())
        let selection = Selection(ChapterReader(archive: archive).read().chapters)
        #expect((selection.cost > Self.budget) == Self.checkedByScript.contains(name), "\(name): \(selection.cost) UTF-16 units")
        guard selection.cost <= Self.budget else { return }
        let expected = NavigationCorpusTests.markCount(selection.chapters).marks

        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = [book, "--rate", "4x", "--jobs", "2", "--chapters", selection.list, "--quiet"]
        // The chapter MP3s and the M4B's parts are spoken once; the single MP3 is joined from the chapter MP3s
        // without speaking again; the Opus needs a second speaking (its own parts).
        let runs = [["--out", folder + "/mp3", "--audiobook", folder + "/mp3/book.m4b"],
                    ["--out", folder + "/mp3", "--audiobook", folder + "/mp3/book.mp3"],
                    ["--out", folder + "/opus", "--format", "none", "--audiobook", folder + "/opus/book.opus"]]
        for arguments in runs {
            let run = try CommandRun.cli(common + arguments)
            try #require(run.status == 0, "\(name): \(run.stderr)")
        }
        let files = [folder + "/mp3/book.m4b", folder + "/mp3/book.mp3", folder + "/opus/book.opus"]
        let report = try ChapterMarksCheck.check(files)
        for file in files {
            let marks = ChapterMarksCheck.marks(report[file] ?? [:])
            #expect(marks.count == expected, "\(name) --chapters \(selection.list): \(file): \(marks.map(\.title))")
        }
        let onsets = files.flatMap { (report[$0]?["onsets_ms"] as? [Any]) ?? [] }.compactMap { $0 as? Double }.map(abs)
        print("corpus-marks | \(name) | \(selection.list) | \(selection.kinds.joined(separator: ", ")) | \(expected) | "
              + "\(onsets.max().map { String(format: "%.0f ms", $0) } ?? "-")")
    }
}
