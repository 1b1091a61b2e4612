import Foundation
import Testing
@testable import FollowRender

/// What lexicons may make eSpeak NG say (issue 23, classes 2 and 3): an alias
/// is bounded by its grapheme, a sentence's spoken form by its text, and no
/// alias can embed an eSpeak command or phoneme input. Through the CLI, with
/// peak memory measured by `/usr/bin/time -v`.
@Suite("Spoken forms within bounds", .serialized)
struct SpokenFormBoundsTests {
    /// A book whose own PLS lexicon maps `x` to 1.9 MB of text, and a sentence
    /// that says `x` 2,000 times (4 GB of spoken form, were the alias taken).
    static func aliasBomb(name: String = #function) throws -> String {
        // Letters that do not compress (the book's ZIP refuses entries that inflate 100 times).
        var random = LexiconMatcherTests.Generator(state: 1)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        let alias = String((0..<1_900_000).map { _ in letters[Int(random.next() % 27)] })
        let pls = """
            <?xml version="1.0" encoding="UTF-8"?>
            <lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en">
            <lexeme><grapheme>x</grapheme><alias>\(alias)</alias></lexeme>
            <lexeme><grapheme>Dr.</grapheme><alias>Doctor</alias></lexeme>
            </lexicon>
            """
        let chapter = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>Chapter</title>
            <link rel="pronunciation" type="application/pls+xml" href="../lexicon.pls"/></head>
            <body><h1 id="start">One</h1><p>Dr. Watson said \(Array(repeating: "x", count: 2000).joined(separator: " ")) and left.</p>
            <p id="later">Then Dr. Watson slept.</p></body></html>
            """
        var files = EPUBTestSupport.minimalBook(manifestExtra: "<item id=\"pls\" href=\"lexicon.pls\" media-type=\"application/pls+xml\"/>")
        files = EPUBTestSupport.replacing("EPUB/text/chapter 1.xhtml", with: chapter, in: files)
        files = EPUBTestSupport.replacing("EPUB/lexicon.pls", with: pls, in: files)
        let folder = try TestPaths.temporaryFolder(name)
        return try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/alias-bomb.epub")).path
    }

    private static func warnings(_ run: CommandRun) -> [Substring] {
        run.stderr.split(separator: "\n").filter { $0.hasPrefix("follow-render: warning:") }
    }

    @Test("an alias of megabytes for one letter is skipped with one warning: segment and render stay under 300 MB")
    func aliasOfMegabytes() throws {
        let book = try Self.aliasBomb()
        let archive = try EPUBArchive(path: book)
        var kinds: [PronunciationWarning.Kind] = []
        let lexicon = LexiconReader.pls(try archive.data(at: "EPUB/lexicon.pls"), source: "lexicon.pls", language: "en") { kinds.append($0.kind) }
        #expect(kinds == [.aliasTooLong])
        #expect(lexicon?.entries.map(\.grapheme) == ["Dr."], "the other entry is kept")

        let segment = try PeakMemory.cli(["segment", book, "--chapter", "1", "--spoken"])
        #expect(segment.run.status == 0, "\(segment.run.stderr)")
        #expect(Self.warnings(segment.run).count == 1, "\(segment.run.stderr)")
        #expect(Self.warnings(segment.run).first?.contains("EPUB/lexicon.pls: x: entry skipped: spoken as") == true)
        #expect(segment.run.stdout.contains("spoken: Doctor Watson said x x x"))
        #expect(segment.bytes < PeakMemory.limit, "segment: \(segment.megabytes) MB")

        let folder = try TestPaths.temporaryFolder()
        let render = try PeakMemory.cli([book, "--out", folder, "--rate", "4x", "--chapters", "1"])
        #expect(render.run.status == 0, "\(render.run.stderr)")
        #expect(Self.warnings(render.run).count == 1, "\(render.run.stderr)")
        #expect(render.bytes < PeakMemory.limit, "render: \(render.megabytes) MB")
    }

    @Test("a sentence that repeats a word with a long alias is spoken within its budget, with one warning per book")
    func sentenceBudget() throws {
        let folder = try TestPaths.temporaryFolder()
        let lexicon = folder + "/long.tsv"
        // 60 units for a 1-unit grapheme: within what an entry may have (64), but 3,000 of them are 180,000.
        try "x\t\(String(repeating: "abc ", count: 15))\n".write(toFile: lexicon, atomically: true, encoding: .utf8)
        let words = Array(repeating: "x", count: 3000).joined(separator: " ")
        let text = "Title\n\nChapter 1\n\nFirst \(words) end.\n\nChapter 2\n\nSecond \(words) end.\n"
        try text.write(toFile: folder + "/book.txt", atomically: true, encoding: .utf8)

        let archive = try BookSource.open(path: folder + "/book.txt")
        let chapters = ChapterReader(archive: archive).read().chapters
        var kinds: [PronunciationWarning.Kind] = []
        let pronouncer = Pronouncer(archive: archive, lexiconPaths: [lexicon]) { kinds.append($0.kind) }
        for chapter in chapters {
            for (sentence, spoken) in zip(chapter.sentences, try pronouncer.spokenSentences(of: chapter)) {
                #expect(spoken.text.utf16.count <= SpokenBudget.maximum(shown: sentence.range.length))
            }
        }
        #expect(kinds == [.expansionTooLarge], "one warning for the book, whichever sentences")

        let run = try CommandRun.cli(["segment", folder + "/book.txt", "--chapter", "3", "--json", "--lexicon", lexicon])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.warnings(run).count == 1 && run.stderr.contains("are read as written"), "\(run.stderr)")
        let segmentation = try JSONCoding.decode(ChapterSegmentation.self, from: run.output)
        let long = try #require(segmentation.sentences.max { $0.range.length < $1.range.length })
        let spoken = try #require(long.spoken)
        #expect(spoken.utf16.count <= SpokenBudget.maximum(shown: long.range.length))
        #expect(spoken.contains("abc abc"), "replacements within the budget are still made")
    }

    @Test("an alias cannot embed an eSpeak command or phoneme input: only follow-render's own phonemes are in [[ ]], and speech goes on")
    func aliasesCannotControlTheEngine() throws {
        let folder = try TestPaths.temporaryFolder()
        let lexicon = folder + "/control.tsv"
        // \u{01}0A would set eSpeak's amplitude to 0 for the rest of the text; [[…]] would be read as phonemes.
        try "Dr.\tDoctor\u{01}0A\nWatson\t[[w'0ts@n]] Watson\nNiamh\t/niːv/\n".write(toFile: lexicon, atomically: true, encoding: .utf8)
        let book = try LexiconBook.write()
        let run = try CommandRun.cli(["segment", book, "--chapter", "1", "--json", "--lexicon", lexicon])
        #expect(run.status == 0, "\(run.stderr)")
        let spoken = try JSONCoding.decode(ChapterSegmentation.self, from: run.output).sentences.compactMap(\.spoken)
        let sentence = try #require(spoken.first { $0.contains("Doctor") })
        #expect(!sentence.unicodeScalars.contains { $0.value < 0x20 }, "\(sentence.debugDescription)")
        #expect(sentence.components(separatedBy: "[[").count == 2, "only the IPA entry's own phonemes: \(sentence)")
        #expect(sentence.contains("[['ni:v]]"))

        let render = try RenderedFolder.render(book, ["--rate", "4x", "--chapters", "1", "--lexicon", lexicon])
        let timing = try #require(render.timings.first)
        let audio = try DecodedAudio(path: render.file(timing.audio.file))
        let levels = audio.frameLevels()
        let frame = 110.0 / Double(audio.sampleRate)
        let units = Array(timing.text.utf16)
        for sentence in timing.sentences {
            let slice = levels[Int(sentence.begin.value / frame)..<min(levels.count, Int(sentence.end.value / frame) + 1)]
            #expect((slice.max() ?? 0) > 1000, "\(String(decoding: units[sentence.range.location..<sentence.range.end], as: UTF16.self)) is spoken aloud")
        }
    }
}
