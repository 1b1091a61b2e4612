import Foundation
import Testing
@testable import FollowRender

/// PLS and TSV lexicons, IPA and X-SAMPA conversion, and bad lexicons.
@Suite("Reading pronunciation lexicons")
struct LexiconReaderTests {
    private static func pls(_ body: String, alphabet: String = "ipa") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <lexicon version="1.0" alphabet="\(alphabet)" xml:lang="en" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon">
        \(body)
        </lexicon>
        """
    }

    private static func read(_ text: String, name: String = "test.pls") throws -> (Lexicon?, [PronunciationWarning]) {
        let path = try TestPaths.temporaryFolder(name) + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var warnings: [PronunciationWarning] = []
        let lexicon = LexiconReader.file(at: path, language: "en") { warnings.append($0) }
        return (lexicon, warnings)
    }

    @Test("IPA and X-SAMPA become eSpeak NG's phoneme mnemonics, for English and for other languages")
    func conversion() throws {
        #expect(try PhonemeConverter.espeak("ˌæpəˈleɪtʃiən", alphabet: .ipa, language: "en-US") == ",ap@'leItSi:@n")
        #expect(try PhonemeConverter.espeak("ˈθɜrti dɪˈgriz", alphabet: .ipa, language: "en") == "'T3:ti dI'gri:z")
        #expect(try PhonemeConverter.espeak("ˈɑrtʃəˌbɔld", alphabet: .ipa, language: "en") == "'A@tS@,bO:ld")
        #expect(try PhonemeConverter.espeak("\"{p@l", alphabet: .xsampa, language: "en") == "'ap@l")
        #expect(try PhonemeConverter.espeak("kusə", alphabet: .ipa, language: "en") == "'ku:s@", "unstressed input gets a stress")
        #expect(try PhonemeConverter.espeak("ʃɛ.ʁi", alphabet: .ipa, language: "fr") == "'SEri")
        #expect(throws: PhonemeConverter.UnknownSymbol(symbol: "ʘ")) {
            try PhonemeConverter.espeak("ʘa", alphabet: .ipa, language: "en")
        }
    }

    @Test("a PLS lexicon gives every grapheme of a lexeme its first alias or phoneme, in the phoneme's own alphabet")
    func plsEntries() throws {
        let (lexicon, warnings) = try Self.read(Self.pls("""
            <lexeme><grapheme>Dr.</grapheme><grapheme>Dr</grapheme><alias>Doctor</alias><phoneme>x</phoneme></lexeme>
            <lexeme><grapheme>apple</grapheme><phoneme alphabet="x-sampa">"{p@l</phoneme></lexeme>
            <lexeme><grapheme>Coosa</grapheme><phoneme>ˈkusə</phoneme></lexeme>
            """))
        #expect(warnings == [])
        #expect(lexicon?.language == "en")
        #expect(lexicon?.entries == [
            .init(grapheme: "Dr.", spoken: .alias("Doctor")), .init(grapheme: "Dr", spoken: .alias("Doctor")),
            .init(grapheme: "apple", spoken: .phonemes("'ap@l")), .init(grapheme: "Coosa", spoken: .phonemes("'ku:s@")),
        ])
    }

    @Test("bad lexicons give one warning naming the file (and entry) and are skipped, good entries kept")
    func badLexicons() throws {
        let folder = try TestPaths.temporaryFolder()
        var warnings: [PronunciationWarning] = []
        let warn = { (warning: PronunciationWarning) in warnings.append(warning) }
        #expect(LexiconReader.file(at: folder + "/missing.pls", language: "en", warn: warn) == nil)
        let notPLS = folder + "/page.pls"
        try "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>".write(toFile: notPLS, atomically: true, encoding: .utf8)
        #expect(LexiconReader.file(at: notPLS, language: "en", warn: warn) == nil)
        let malformed = folder + "/broken.pls"
        try "<lexicon xmlns=\"http://www.w3.org/2005/01/pronunciation-lexicon\"><lexeme>".write(toFile: malformed, atomically: true, encoding: .utf8)
        #expect(LexiconReader.file(at: malformed, language: "en", warn: warn) == nil)
        let huge = folder + "/huge.tsv"
        try Data(repeating: 0x61, count: 10 * 1024 * 1024).write(to: URL(fileURLWithPath: huge))
        #expect(LexiconReader.file(at: huge, language: "en", warn: warn) == nil)
        #expect(warnings.map(\.kind) == [.missing, .notPLS, .malformed, .tooLarge])
        #expect(warnings.map(\.file) == [folder + "/missing.pls", notPLS, malformed, huge])

        let (lexicon, entryWarnings) = try Self.read(Self.pls("""
            <lexeme><grapheme>good</grapheme><alias>fine</alias></lexeme>
            <lexeme><grapheme>click</grapheme><phoneme>ʘa</phoneme></lexeme>
            <lexeme><grapheme>odd</grapheme><phoneme alphabet="klingon">x</phoneme></lexeme>
            <lexeme><grapheme>bare</grapheme></lexeme>
            """))
        #expect(lexicon?.entries == [.init(grapheme: "good", spoken: .alias("fine"))])
        #expect(entryWarnings.map(\.kind) == [.unmappableSymbol, .unknownAlphabet, .emptyEntry])
        #expect(entryWarnings.map(\.entry) == ["click", "odd", "bare"])
        #expect(entryWarnings.allSatisfy { !$0.description.contains("\n") && $0.description.hasPrefix($0.file + ": ") })
        let (tsv, tsvWarnings) = try Self.read("# comment\nDr.\tDoctor\nno tab here\nName\t/ʘ/\n", name: "user.tsv")
        #expect(tsv?.entries == [.init(grapheme: "Dr.", spoken: .alias("Doctor"))])
        #expect(tsvWarnings.map(\.kind) == [.malformed, .unmappableSymbol])
        #expect(tsvWarnings.map(\.entry) == ["line 3", "line 4 'Name'"])
    }

    @Test("a lexicon link that climbs out of the container is refused with a warning, and narration goes on")
    func escapingLink() throws {
        let book = try LexiconBook.write(link: "../../../outside.pls")
        let (chapter, pronouncer, warnings) = try LexiconBook.open(book, lexicons: [])
        let spoken = try pronouncer.spokenSentences(of: chapter)
        #expect(spoken.count == chapter.sentences.count)
        #expect(warnings().map(\.kind) == [.outsideContainer])
        #expect(warnings().first?.file == "EPUB/text/chapter 1.xhtml")
    }
}
