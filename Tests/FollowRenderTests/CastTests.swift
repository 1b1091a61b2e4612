import Foundation
import Testing
@testable import FollowRender

/// Issue 28 (second part): the cast of characters: the cast file, who speaks
/// each quotation, `follow-render cast`, and where the voices are recorded.
@Suite("Cast of characters")
struct CastTests {
    /// Speakers found in a one-paragraph chapter of `html` (in `language`).
    static func speakers(_ html: String, language: String = "en") throws -> [String?] {
        let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(html)</body></html>"
        let document = try NarrationExtractor().extract(Data(xhtml.utf8), path: "test.xhtml", language: language)
        let units = Array(document.text.text.utf16)
        let quotations = Quotations.find(in: document.text, units: units)
        return SpeakerAttribution.speakers(of: quotations, in: document.text, units: units, language: language)
    }

    static func writeCast(_ text: String, name: String = #function) throws -> String {
        let path = try TestPaths.temporaryFolder(name) + "/cast.tsv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the speaker is found after or before a quotation, in English, French, German and Spanish")
    func attributionPatterns() throws {
        #expect(try Self.speakers("<p>“Come here,” said Holmes.</p>") == ["Holmes"])
        #expect(try Self.speakers("<p>Holmes said, “Come here.”</p>") == ["Holmes"])
        #expect(try Self.speakers("<p>“Off with his head!” replied the Queen.</p>") == ["Queen"])
        #expect(try Self.speakers("<p>“Yes,” the Mock Turtle sighed.</p>") == ["Mock Turtle"])
        #expect(try Self.speakers("<p>“Have you kept fowls?” asked Mrs. Ukridge, smiling.</p>") == ["Mrs. Ukridge"])
        #expect(try Self.speakers("<p>“Well,” I said, “good luck.”</p>") == ["I", "I"])
        #expect(try Self.speakers("<p>“Really?” she said.</p>") == [nil], "a pronoun names no one")
        #expect(try Self.speakers("<p>“Never,” said the object of his scorn.</p>") == [nil])
        #expect(try Self.speakers("<p>« Où est-il ? » demanda Julien.</p>", language: "fr") == ["Julien"])
        #expect(try Self.speakers("<p>„Wo ist er?“, fragte Greta.</p>", language: "de") == ["Greta"])
        #expect(try Self.speakers("<p>Greta antwortete: „Im Garten.“</p>", language: "de") == ["Greta"])
        #expect(try Self.speakers("<p>«¿Dónde está?» preguntó Lucía.</p>", language: "es") == ["Lucía"])
    }

    @Test("unattributed lines between two speakers alternate; a narration paragraph ends the run")
    func alternation() throws {
        let run = "<p>“Is it far?” asked Alice.</p><p>“Not far,” said Bob.</p><p>“How far?”</p><p>“A mile.”</p>"
            + "<p>Then the rain came.</p><p>“Wet?”</p>"
        #expect(try Self.speakers(run) == ["Alice", "Bob", "Alice", "Bob", nil])
    }

    @Test("a cast file with bad lines is read with one warning per kind naming the line; unusable files are refused")
    func castFileFaults() throws {
        let text = "# cast\nAlice\ten+f3\t12\nBob en+m1\nthe Queen\t+f2\nalice\ten+m3\nhe\ten\nCarol\u{7}\ten\n\t en\nDave\t\n"
        var warnings: [Cast.Warning] = []
        let cast = try Cast.read(path: try Self.writeCast(text)) { warnings.append($0) }
        #expect(cast.members.map(\.name) == ["Alice", "the Queen"])
        #expect(cast.member(forKey: SpeakerAttribution.key("Queen"))?.voice == "+f2")
        #expect(warnings.map(\.kind) == [.malformedLine, .controlCharacters, .namesNoOne, .duplicateName])
        #expect(warnings.first?.lines == [3, 8, 9])
        #expect(warnings.first?.description.hasPrefix("line 3 (and 2 more)") == true)
        let refused: [(String, String, BookError.Kind)] = [
            (String(repeating: "Name\ten\n", count: 100_000), "more than 10000", .tooLarge),
            ("# nothing\n\n", "gives no character a voice", .malformed),
            ("*\ten\n...\ten\n", "gives no character a voice", .malformed),
        ]
        for (content, reason, kind) in refused {
            let path = try Self.writeCast(content)
            let failure = #expect(throws: BookError.self) { try Cast.read(path: path) { _ in } }
            #expect(failure?.reason.contains(reason) == true, "\(String(describing: failure?.reason))")
            #expect(failure?.kind == kind && failure?.file == path)
        }
        let latin1 = try TestPaths.temporaryFolder() + "/latin1.tsv"
        try Data([0x41, 0xE9, 0x09, 0x65, 0x6E, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        #expect(#expect(throws: BookError.self) { try Cast.read(path: latin1) { _ in } }?.kind == .unreadable)
        #expect(#expect(throws: BookError.self) { try Cast.read(path: "/nonexistent/cast.tsv") { _ in } }?.kind == .notFound)
    }

    @Test("unknown dialogue or cast voices and bad cast files are refused in one line before anything is written")
    func badOptions() throws {
        let book = try DialogueVoiceTests.book()
        let unknownCast = try Self.writeCast("Alice\ten+f3\nMartin\tnosuch\n")
        let cases: [([String], String)] = [
            (["--dialogue-voice", "en+nosuch"], "--dialogue-voice: eSpeak NG voice variant 'nosuch' is not installed"),
            (["--cast", unknownCast], "line 2 (Martin): eSpeak NG voice 'nosuch' is not installed"),
            (["--cast", "/nonexistent/cast.tsv"], "/nonexistent/cast.tsv"),
        ]
        for (arguments, message) in cases {
            let folder = try TestPaths.temporaryFolder("badDialogue")
            try? FileManager.default.removeItem(atPath: folder)
            let run = try CommandRun.cli([book, "--out", folder, "--quiet"] + arguments)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/book.json"), "\(arguments)")
        }
        let faulty = try Self.writeCast("Alice\ten+f3\nno tab here\n")
        let folder = try TestPaths.temporaryFolder("faultyCast")
        let run = try CommandRun.cli([book, "--out", folder, "--quiet", "--rate", "4x", "--cast", faulty])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("warning:") && $0.contains("line 2") }.count == 1, "\(run.stderr)")
    }

    @Test("follow-render cast lists the speakers with counts as a cast file that --cast reads back")
    func castCommand() throws {
        let book = try DialogueVoiceTests.book()
        let run = try CommandRun.cli(["cast", book])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == ["Alice\t+m1\t1", "Captain\t+f1\t1", "Greta\t+m2\t1", "Martin\t+f2\t1"], "\(run.stdout)")
        let file = try Self.writeCast(run.stdout)
        var warnings: [Cast.Warning] = []
        #expect(try Cast.read(path: file) { warnings.append($0) }.members.count == 4)
        #expect(warnings.isEmpty)
    }

    @Test("the cast's voices reach the script, book.json, the read-aloud EPUB's narrators and the cache keys")
    func castRender() throws {
        let book = try DialogueVoiceTests.book()
        let cast = try Self.writeCast("Alice\ten+f3\nMartin\ten+m3\nNobody\ten+f1\n")
        let folder = try TestPaths.temporaryFolder()
        let render = { (arguments: [String]) throws -> BookManifest in
            let run = try CommandRun.cli([book, "--out", folder + "/out", "--quiet", "--rate", "4x", "--voice", "en"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            return try JSONCoding.decode(BookManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/out/book.json")))
        }
        let plain = try render([])
        #expect(plain.dialogue == nil)
        let cast1 = try render(["--cast", cast, "--dialogue-voice", "en+f2", "--epub", folder + "/book.epub"])
        #expect(cast1.dialogue == BookManifest.Dialogue(voice: "en+f2", cast: [.init(name: "Alice", voice: "en+f3", quotations: 1),
                                                                               .init(name: "Martin", voice: "en+m3", quotations: 1)]))
        #expect(cast1.chapters.map(\.key) != plain.chapters.map(\.key))
        let opf = try CommandRun.run("/usr/bin/unzip", ["-p", folder + "/book.epub", "*.opf"]).stdout
        for narrator in ["eSpeak NG voice en", "eSpeak NG voice dialogue en+f2", "eSpeak NG voice Alice en+f3", "eSpeak NG voice Martin en+m3"] {
            #expect(opf.contains(">\(narrator)</meta>"), "\(narrator)")
        }
        // The same settings resume; no voice at all for quotations gives the plain render's keys back.
        #expect(try render(["--cast", cast, "--dialogue-voice", "en+f2"]).chapters.map(\.key) == cast1.chapters.map(\.key))
        #expect(try render([]).chapters.map(\.key) == plain.chapters.map(\.key))
    }

    @Test("a batch with --dialogue-voice and --cast writes each book, its book.json and its M4B as the single render does")
    func castInBatch() throws {
        let book = try DialogueVoiceTests.book()
        let cast = try Self.writeCast("Alice\ten+f3\nMartin\ten+m3\n")
        let fixture = try BatchFixture(books: [book], withBroken: false)
        let voices = ["--voice", "en", "--dialogue-voice", "en+f2", "--cast", cast]
        let root = fixture.folder + "/batch"
        let batch = try fixture.batch(root: root, voices + ["--audiobook", "book.m4b"])
        #expect(batch.status == 0, "\(batch.stderr)")
        let outcome = try #require(try BatchFixture.report(root).books.first)
        let manifest = try JSONCoding.decode(BookManifest.self,
                                             from: Data(contentsOf: URL(fileURLWithPath: root + "/" + outcome.slug + "/book.json")))
        #expect(manifest.dialogue?.voice == "en+f2")
        #expect(manifest.dialogue?.cast?.map(\.name) == ["Alice", "Martin"])
        let single = fixture.folder + "/single"
        let alone = try CommandRun.cli([book, "--out", single, "--quiet", "--audiobook", single + "/book.m4b"]
                                       + BatchFixture.renderOptions + voices)
        #expect(alone.status == 0, "\(alone.stderr)")
        let batched = try BatchFixture.contents(of: root + "/" + outcome.slug)
        #expect(batched["book.m4b"] != nil)
        #expect(batched == (try BatchFixture.contents(of: single)), "the batch's book differs from its single render")
    }

    /// Attribution on a hand-annotated chapter: chapter 2 of Wodehouse's *Love
    /// Among the Chickens* (Fixtures/dialogue/love-among-the-chickens-2.tsv).
    @Test("attribution on the hand-annotated Wodehouse chapter: precision at least 0.9, recall at least 0.6")
    func annotatedAccuracy() throws {
        let annotation = try String(contentsOf: TestPaths.fixtures.appendingPathComponent("dialogue/love-among-the-chickens-2.tsv"), encoding: .utf8)
        let rows = annotation.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        let archive = try EPUBArchive(path: TestPaths.book("p-g-wodehouse_love-among-the-chickens.epub"))
        let chapter = try #require(ChapterReader(archive: archive).read().chapters.first { $0.href.hasSuffix("chapter-2.xhtml") })
        let units = Array(chapter.text.text.utf16)
        let quotations = Quotations.find(in: chapter.text, units: units)
        #expect(quotations.count == rows.count, "\(quotations.count) quotations found, \(rows.count) annotated")
        let found = SpeakerAttribution.speakers(of: quotations, in: chapter.text, units: units, language: chapter.language)
        var (predicted, correct, annotated) = (0, 0, 0)
        for (row, (quotation, speaker)) in zip(rows, zip(quotations, found)) {
            let words = { (text: String) in text.split { $0.isWhitespace || $0 == "\u{2060}" }.joined(separator: " ") }
            #expect(words(chapter.text.substring(quotation.range)).hasPrefix(words(row[1])), "\(row)")
            let truth = row[2] == "-" ? nil : SpeakerAttribution.key(row[2])
            if truth != nil { annotated += 1 }
            if let speaker {
                predicted += 1
                if SpeakerAttribution.key(speaker) == truth { correct += 1 }
            }
        }
        let precision = Double(correct) / Double(max(predicted, 1)), recall = Double(correct) / Double(max(annotated, 1))
        print("attribution: \(correct) correct of \(predicted) attributed, \(annotated) annotated; precision \(precision), recall \(recall)")
        #expect(precision >= 0.9 && recall >= 0.6, "precision \(precision), recall \(recall)")
    }
}
