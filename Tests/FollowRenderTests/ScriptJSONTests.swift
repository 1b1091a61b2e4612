import Foundation
import Testing
@testable import FollowRender

/// `ScriptJSON` writes the bytes `JSONEncoder` would, so the scripts workers
/// read and the cache keys made of them are what they were before it.
@Suite("Chapter scripts written by hand as JSONEncoder writes them")
struct ScriptJSONTests {
    /// The bytes of `script` as the two writers make them.
    static func both(_ script: ChapterScript) throws -> (hand: String, encoder: String) {
        (String(decoding: try ScriptJSON.encode(script), as: UTF8.self),
         String(decoding: try JSONCoding.encoder().encode(script), as: UTF8.self))
    }

    @Test("every control character, quotes, backslashes, slashes and non-ASCII text are written as JSONEncoder writes them")
    func escapes() throws {
        let controls = String((0..<0x20).map { Character(Unicode.Scalar($0)!) })
        let texts = [controls, #"say "hi" \ back/slash"#, "\u{7F}\u{85}\u{2028}\u{2029}\u{FEFF}é 日本語 العربية 😀", "", "[[h@'loU]]"]
        let words = [TextRange(location: 0, length: 3), TextRange(location: 4, length: 12)]
        let sentences = texts.enumerated().map { number, text in
            ChapterScript.Sentence(range: TextRange(location: number * 40, length: 39), words: words, pause: number * 1_000 - 1,
                                   pieces: [.init(text: text, voice: "en+m\(number)", phonemes: number % 2 == 0, words: words),
                                            .init(text: "\(text)\"", voice: "ja", phonemes: false, words: [])])
        } + [ChapterScript.Sentence(range: TextRange(location: 400, length: 3), words: [], pause: 0, pieces: [])]
        let tags = AudioTags(title: "A \"title\" / \(controls)", album: "Album", artist: "Ann", track: 2, trackCount: 9,
                             cover: Data([0xFF, 0xD8, 0x00, 0x10]), coverMediaType: "image/jpeg")
        var script = ChapterScript(
            chapter: .init(index: 3, href: "text/ch 3.xhtml#x", title: "Chapter \"3\""), text: texts.joined(separator: " "),
            sampleRate: 22_050, wpm: 708, voiceParameters: VoiceParameters(pitch: 60, intonation: 20), sentences: sentences,
            trailing: 11_025, silentSentence: 5_512, slice: .init(index: 1, count: 4),
            outputs: .init(folder: "/tmp/out/a b", audio: .init(file: "003-ch.mp3", format: .mp3, bitrate: 64, tags: tags),
                           timing: "003-ch.timing.json", part: .init(file: ".part-3", codec: .aac, leadingSilence: 1_105, bitrate: 64),
                           singleFile: "../book.m4b"))
        var (hand, encoder) = try Self.both(script)
        #expect(hand == encoder)
        script.voiceParameters = nil
        script.slice = nil
        script.outputs.part = nil
        script.outputs.audio = nil
        script.outputs.singleFile = nil
        (hand, encoder) = try Self.both(script)
        #expect(hand == encoder)
        script.sentences = []
        (hand, encoder) = try Self.both(script)
        #expect(hand == encoder)
    }

    @Test("the scripts of real books in English, Japanese, Arabic and with PLS lexicons are written as JSONEncoder writes them",
          arguments: ["alice-in-wonderland-epub2.epub", "haruko-html-jpeg.epub", "regime-anticancer-arabic.epub",
                      "georgia-pls-ssml.epub"])
    func corpusScripts(book: String) throws {
        let archive = try EPUBArchive(path: TestPaths.book(book))
        let chapters = ChapterReader(archive: archive).read().chapters
        let settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686)
        let builder = try ScriptBuilder(archive: archive, settings: settings, engine: try SpeechEngine.shared(),
                                        folder: try TestPaths.temporaryFolder(), trackCount: chapters.count)
        var pieces = 0
        for chapter in chapters.prefix(6) {
            let script = try builder.script(for: chapter, track: 1, slice: nil)
            pieces += script.sentences.reduce(0) { $0 + $1.pieces.count }
            let (hand, encoder) = try Self.both(script)
            #expect(hand == encoder, "\(book) chapter \(chapter.index)")
        }
        #expect(pieces > 0)
    }
}
