import Foundation
import Testing
@testable import FollowRender

/// Text in a language with no eSpeak NG voice is read by a voice that reads
/// its script (Sanskrit in Devanagari by the Hindi voice), named in one `note:`
/// line; a script no voice reads is said once per language for the whole book.
@Suite("Voices chosen by script")
struct ScriptVoiceTests {
    /// Original Sanskrit-like lines in Devanagari (our own), one chapter each.
    static let sanskrit = ["<h1 xml:lang=\"sa\">प्रथमः अध्यायः</h1><p xml:lang=\"sa\">वनं गच्छति बालकः। नदी वहति शीघ्रम्।</p>",
                           "<h1 xml:lang=\"sa\">द्वितीयः अध्यायः</h1><p xml:lang=\"sa\">सूर्यः उदेति प्रातः। पक्षिणः गायन्ति वृक्षे।</p>"]

    static func book(_ chapters: [String], name: String) throws -> String {
        let folder = try TestPaths.temporaryFolder()
        let files = EPUBTestSupport.replacing("EPUB/text/ch2.xhtml", with: EPUBTestSupport.chapterXHTML(chapters[1]),
                                              in: EPUBTestSupport.minimalBook(chapter1: chapters[0]))
        return try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/\(name).epub")).path
    }

    @Test("a language with no voice is read by a voice of its script, and the choice is one note line")
    func devanagariVoiceForSanskrit() throws {
        let engine = try SpeechEngine.shared()
        let voices = try VoiceResolver(engine: engine, forced: nil, bookLanguage: "en")
        let voice = voices.voice(for: "sa") { .devanagari }
        let language = try #require(engine.voice(named: voice)?.languages.first)
        #expect(Script.readable(byVoiceLanguage: language).contains(.devanagari), "\(voice) reads Devanagari")
        #expect(voices.scriptChoices.count == 1)
        #expect(voices.unvoicedLanguages.isEmpty)
        #expect(voices.voice(for: "pi") { .common } == voices.bookVoice, "Pali in Latin letters keeps the book's voice")
    }

    @Test("a Sanskrit book in Devanagari is inspected and rendered with no coverage warning and at most one note line")
    func sanskritBook() throws {
        let book = try Self.book(Self.sanskrit, name: "sanskrit")
        let inspect = try CommandRun.cli(["inspect", book])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(!inspect.stderr.contains("cannot speak"), "\(inspect.stderr)")
        let notes = inspect.stderr.split(separator: "\n").filter { $0.hasPrefix("follow-render: note:") }
        #expect(notes.count == 1, "\(inspect.stderr)")
        #expect(notes.first?.contains("'sa'") == true && notes.first?.contains("Devanagari") == true, "\(notes)")
        let folder = try TestPaths.temporaryFolder()
        let render = try CommandRun.cli([book, "--out", folder + "/out", "--rate", "4x", "--jobs", "1", "--strict"])
        #expect(render.status == 0, "\(render.stderr)")
        let lines = render.stderr.split(separator: "\n")
        #expect(!lines.contains { $0.contains("warning:") }, "\(render.stderr)")
        #expect(lines.filter { $0.hasPrefix("follow-render: note:") }.count <= 1, "\(render.stderr)")
        let timing = try RenderedBook.manifest(in: folder + "/out")
        #expect(timing.chapters.count == 2)
    }

    @Test("text in a script no voice reads gives one warning line for the book, with the count and the chapters; --strict fails")
    func unreadScriptOnce() throws {
        let tibetan = ["<p>One.</p><p xml:lang=\"bo\">བོད་ཡིག་ནི་ཡིག་གཟུགས་རེད།</p>", "<p>Two.</p><p xml:lang=\"bo\">ཁ་ལག་ཟོས་སོང་།</p>"]
        let book = try Self.book(tibetan, name: "tibetan")
        let inspect = try CommandRun.cli(["inspect", book])
        let lines = inspect.stderr.split(separator: "\n").filter { $0.contains("cannot speak") }
        #expect(lines.count == 1, "\(inspect.stderr)")
        #expect(lines.first?.contains("2 chapters (1, 2)") == true, "\(lines)")
        #expect(lines.first?.contains("no installed eSpeak NG voice reads the Tibetan script") == true, "\(lines)")
        let folder = try TestPaths.temporaryFolder()
        let strict = try CommandRun.cli([book, "--out", folder + "/out", "--rate", "4x", "--strict"])
        #expect(strict.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/book.json"))
    }
}
