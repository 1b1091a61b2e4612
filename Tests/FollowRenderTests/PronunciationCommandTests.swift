import Foundation
import Testing
@testable import FollowRender

/// The spoken-form stage through the CLI: `segment --spoken`/`--json`,
/// coverage warnings in `inspect`, and renders with lexicons.
@Suite("Pronunciation on the command line", .serialized)
struct PronunciationCommandTests {
    private static let fixture = TestPaths.fixtures.appendingPathComponent("user-lexicon.tsv").path

    @Test("segment --spoken shows what eSpeak is given; --json gives each sentence its spoken string")
    func segmentSpoken() throws {
        let book = try LexiconBook.write()
        let text = try CommandRun.cli(["segment", book, "--chapter", "1", "--spoken", "--lexicon", Self.fixture])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("    spoken: Doctor Watson met [['ni:v]] at noon."))
        let json = try CommandRun.cli(["segment", book, "--chapter", "1", "--json", "--lexicon", Self.fixture])
        let segmentation = try JSONCoding.decode(ChapterSegmentation.self, from: Data(json.stdout.utf8))
        #expect(segmentation.sentences.map(\.spoken) == ["One", "Doctor Watson met [['ni:v]] at noon.", "にっぽんご ヲ ハナス ヒトガ イル 。"])
    }

    @Test("inspect warns per chapter and language about text the voice cannot speak, with a count and an example")
    func coverageWarnings() throws {
        let book = try LexiconBook.write(extra: "<p>The sign said 漢字 twice.</p><p xml:lang=\"zh\">中文和かな。</p>")
        let run = try CommandRun.cli(["inspect", book])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("cannot speak") }
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.contains("chapter 1: 2 characters in 'en' text") == true, "\(lines)")
        #expect(lines.first?.contains("漢字") == true)
        #expect(lines.last?.contains("2 characters in 'zh' text") == true, "the Chinese voice spells kana out: \(lines)")
        #expect(!run.stderr.contains("'ja' text"), "MeCab's readings leave the Japanese voice nothing to spell out")
    }

    @Test("a render with lexicons keeps the timing invariants and round trips; bad lexicons only warn, one line each")
    func renderWithLexicons() throws {
        let book = try LexiconBook.write()
        let folder = try TestPaths.temporaryFolder()
        let missing = folder + "/missing.tsv"
        let notPLS = folder + "/page.pls"
        try "<html xmlns=\"http://www.w3.org/1999/xhtml\"/>".write(toFile: notPLS, atomically: true, encoding: .utf8)
        let click = folder + "/click.tsv"
        try "Watson\t/ʘatsən/\n".write(toFile: click, atomically: true, encoding: .utf8)
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--lexicon", Self.fixture, "--lexicon", missing,
                                                      "--lexicon", notPLS, "--lexicon", click])
        let lines = render.run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == "follow-render: warning: \(missing): pronunciation lexicon skipped: no such file" }.count == 1,
                "\(render.run.stderr)")
        #expect(lines.filter { $0.hasPrefix("follow-render: warning: \(notPLS): pronunciation lexicon skipped: not a PLS") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("follow-render: warning: \(click): line 1 'Watson': entry skipped: no eSpeak NG equivalent for the symbol 'ʘ'") }.count == 1)
        try checkTimingsAndPositions(render)
        let first = try #require(render.timings.first?.sentences.first { $0.words.count == 6 })
        #expect(first.words[0].range == TextRange(location: first.range.location, length: 2), "Dr is the shown word")
    }

    @Test("--strict fails on a lexicon fault or text the voice cannot speak, before anything is written")
    func strictFailsOnPronunciationWarnings() throws {
        let folder = try TestPaths.temporaryFolder()
        let missing = folder + "/missing.tsv"
        let book = try LexiconBook.write()
        let lexiconRun = try CommandRun.cli([book, "--rate", "4x", "--strict", "--quiet", "--lexicon", missing, "--out", folder + "/a"])
        #expect(lexiconRun.status == 1)
        let last = lexiconRun.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "follow-render: \(book): refused with --strict: \(missing): pronunciation lexicon skipped: no such file",
                "\(lexiconRun.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/a"), "nothing is written")
        let archive = try EPUBArchive(path: book)
        let chapters = ChapterReader(archive: archive).read().chapters
        var warnings: [RenderWarning] = []
        try PronunciationStage.prepare(archive: archive, bookPath: book, chapters: chapters, checked: chapters,
                                       lexicons: [missing], voice: nil) { warnings.append($0) }
        #expect(warnings.map(\.kind) == [.pronunciation(.missing)])
        do {
            try StrictPolicy(strict: true, book: book).check(warnings)
            Issue.record("--strict let a missing lexicon through")
        } catch {
            #expect(error.kind == .strict)
        }
        let unspeakable = try LexiconBook.write(extra: "<p>The sign said 漢字 twice.</p>", name: "strictCoverage")
        let coverageRun = try CommandRun.cli([unspeakable, "--rate", "4x", "--strict", "--quiet", "--out", folder + "/b"])
        #expect(coverageRun.status == 1)
        #expect(coverageRun.stderr.split(separator: "\n").last?.contains("refused with --strict: chapter 1: 2 characters in 'en' text") == true,
                "\(coverageRun.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/b"))
        let lenient = try CommandRun.cli([book, "--rate", "4x", "--quiet", "--lexicon", missing, "--chapters", "2", "--out", folder + "/c"])
        #expect(lenient.status == 0, "without --strict the same lexicon only warns: \(lenient.stderr)")
    }

    @Test("the Japanese corpus book with a user lexicon renders with onsets on time and positions that round-trip")
    func japaneseRender() throws {
        let render = try RenderedFolder.render(TestPaths.book("internallinks.epub"),
                                               ["--rate", "4x", "--chapters", "3", "--lexicon", Self.fixture])
        try checkTimingsAndPositions(render)
        let errors = try sentenceOnsetErrors(render)
        #expect(errors.count > 40)
        print(String(format: "Japanese sentence onsets: %d, median error %.1f ms", errors.count, errors.sorted()[errors.count / 2] * 1000))
        #expect(errors.sorted()[errors.count / 2] <= 0.020, "median onset error")
        let segment = try CommandRun.cli(["segment", TestPaths.book("internallinks.epub"), "--chapter", "3", "--json",
                                          "--lexicon", Self.fixture])
        let segmentation = try JSONCoding.decode(ChapterSegmentation.self, from: Data(segment.stdout.utf8))
        let timing = try #require(render.timings.first)
        #expect(timing.sentences.flatMap { $0.words.map(\.range) } == segmentation.sentences.flatMap(\.words) && timing.text == segmentation.text,
                "segment and render cut the same Japanese words")
        let inspect = try CommandRun.cli(["inspect", TestPaths.book("internallinks.epub"), "--json"])
        #expect(inspect.stdout.contains("\"words\" : \(segmentation.sentences.flatMap(\.words).count)"), "inspect counts them too")
    }
}
