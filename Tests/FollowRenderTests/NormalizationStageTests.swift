import Foundation
import Testing
@testable import FollowRender

/// The normalization stage inside the spoken-form stage: lexicons win over a
/// rule, `--normalize none` turns it off, a shown word owns its whole
/// expansion, and `segment --spoken` shows the result.
@Suite("The normalization stage", .serialized)
struct NormalizationStageTests {
    static let sentence = "Henry VIII paid £5 in 1888."

    @Test("a user lexicon wins over a rule, and each shown word owns its whole expansion")
    func lexiconWinsAndWordsOwnExpansions() throws {
        let book = try LexiconBook.write(extra: "<p>\(Self.sentence)</p>")
        let folder = try TestPaths.temporaryFolder()
        let lexicon = folder + "/king.tsv"
        try "VIII\tthe Eighth, King of England,\n".write(toFile: lexicon, atomically: true, encoding: .utf8)
        let (chapter, pronouncer, _) = try LexiconBook.open(book, lexicons: [lexicon])
        let spoken = try #require(try pronouncer.spokenSentences(of: chapter).first { chapter.text.substring($0.range) == Self.sentence })
        #expect(spoken.text == "Henry the Eighth, King of England, paid five pounds in eighteen eighty-eight.")
        let units = Array(spoken.text.utf16)
        let said = spoken.shownWords.map { word -> (String, String) in
            let stretch = spoken.spokenWord(word)
            return (chapter.text.substring(word), String(decoding: units[stretch.location..<stretch.end], as: UTF16.self))
        }
        let year = try #require(said.first { $0.0 == "1888" })
        #expect(year.1 == "eighteen eighty-eight", "\(said)")
        #expect(said.first { $0.0 == "VIII" }?.1 == "the Eighth, King of England,", "\(said)")
    }

    @Test("segment --spoken shows the rules' result, and --normalize none leaves the text to eSpeak NG")
    func segmentShowsTheSpokenForm() throws {
        let book = try LexiconBook.write(extra: "<p>\(Self.sentence)</p>")
        let auto = try CommandRun.cli(["segment", book, "--chapter", "1", "--spoken"])
        #expect(auto.status == 0, "\(auto.stderr)")
        #expect(auto.stdout.contains("    spoken: Henry the eighth paid five pounds in eighteen eighty-eight."), "\(auto.stdout)")
        let none = try CommandRun.cli(["segment", book, "--chapter", "1", "--spoken", "--normalize", "none"])
        #expect(none.stdout.contains("    spoken: Henry VIII paid £5 in 1888."), "\(none.stdout)")
        let wrong = try CommandRun.cli(["segment", book, "--chapter", "1", "--normalize", "always"])
        #expect(wrong.status == 2, "\(wrong.stderr)")
    }
}
