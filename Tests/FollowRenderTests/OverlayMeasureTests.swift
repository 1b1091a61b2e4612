import Foundation
import Testing
@testable import FollowRender

/// Corpus-wide figures of the read-aloud EPUB without rendering audio: each
/// chapter's sentences get evenly spread synthetic times, and the real
/// planner and wrapper decide the `par` elements. Prints, per book, the
/// sentence count, the `par` count and `par`s per sentence (the measure of
/// "one highlight per sentence"), so before/after figures are reproducible:
///
///     swift test --filter OverlayMeasureTests
///
/// With `FR_SENTENCE_DUMP=DIR`, every book's sentences are also written to
/// `DIR/BOOK.txt`, one a line, to diff segmentation changes.
@Suite("Corpus overlay measures")
struct OverlayMeasureTests {
    /// Counts of one book.
    struct Figures {
        var sentences = 0
        var pars = 0
    }

    @Test("over the corpus, sentences get close to one par each")
    func parsPerSentence() throws {
        let dump = ProcessInfo.processInfo.environment["FR_SENTENCE_DUMP"]
        var total = Figures()
        for book in try TestPaths.corpusFiles("books") {
            let name = URL(fileURLWithPath: book).deletingPathExtension().lastPathComponent
            var lines: [String] = []
            let figures = try Self.measure(book) { lines.append($0) }
            total.sentences += figures.sentences
            total.pars += figures.pars
            print("measure \(name): sentences \(figures.sentences) pars \(figures.pars) per-sentence \(Self.ratio(figures))")
            if let dump {
                try lines.joined(separator: "\n").write(toFile: dump + "/" + name + ".txt", atomically: true, encoding: .utf8)
            }
        }
        print("measure corpus: sentences \(total.sentences) pars \(total.pars) per-sentence \(Self.ratio(total))")
        #expect(total.sentences > 10_000)
        #expect(Double(total.pars) / Double(total.sentences) < 1.05)
    }

    static func ratio(_ figures: Figures) -> String {
        String(format: "%.4f", Double(figures.pars) / Double(max(figures.sentences, 1)))
    }

    /// Sentences and sentence-granularity pars of one book; `sentence` receives each sentence's text.
    static func measure(_ book: String, sentence: (String) -> Void) throws -> Figures {
        let archive = try EPUBArchive(path: book)
        let reader = ChapterReader(archive: archive)
        var figures = Figures()
        for item in reader.narratedItems {
            guard let chapter = try reader.chapter(item) else { continue }
            for each in chapter.sentences { sentence(chapter.text.substring(each.range).replacingOccurrences(of: "\n", with: " ")) }
            figures.sentences += chapter.sentences.count
            let data = try archive.data(at: item.path)
            let raw = try RawXML(data: data, path: item.path)
            let timing = syntheticTiming(chapter)
            let fragments = try FragmentPlanner.fragments(text: chapter.text, timing: timing, granularity: .sentence, raw: raw)
            let wrapped = try ContentWrapper(raw: raw, path: item.path).wrap(fragments, granularity: .sentence, stylesheetHref: nil)
            figures.pars += wrapped.wrapped.count
        }
        return figures
    }

    /// Ten seconds per sentence, its words spread evenly over the first nine.
    static func syntheticTiming(_ chapter: Chapter) -> ChapterTiming {
        let sentences = chapter.sentences.enumerated().map { index, sentence in
            let begin = Double(index) * 10
            let step = 9 / Double(max(sentence.words.count, 1))
            let words = sentence.words.enumerated().map { number, word in
                TimedWord(range: word, begin: Seconds(begin + Double(number) * step), end: Seconds(begin + Double(number + 1) * step))
            }
            return TimedSentence(range: sentence.range, begin: Seconds(begin), end: Seconds(begin + 9), words: words)
        }
        return ChapterTiming(
            chapter: .init(index: chapter.index, href: chapter.href, title: chapter.title),
            audio: .init(file: "a.mp3", sampleRate: 22_050, duration: Seconds(Double(sentences.count) * 10)),
            text: chapter.text.text, sentences: sentences
        )
    }
}
