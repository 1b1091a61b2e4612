import Foundation
import Testing
@testable import FollowRender

@Suite("Writing timing sidecars")
struct SidecarFileTests {
    @Test("book.json written from cached chapter entries is exactly the manifest encoded whole, with or without chapters, audiobook and skipped")
    func manifestFromCachedEntries() throws {
        let chapters = (1...5).map { index in
            BookManifest.Chapter(index: index, href: "OEBPS/c\(index).xhtml", title: "\"\(index)\" chapters : [ ]\n",
                                 audio: index == 3 ? nil : "00\(index)-c.mp3", timing: "00\(index)-c.timing.json",
                                 duration: Seconds(Double(index) * 1.2345), key: "0123456789abcdef")
        }
        var manifest = BookManifest(title: "A", authors: ["B", "C"], language: "en", voice: "v", rate: .init(preset: "1x", wpm: 175),
                                    engine: .init(followRender: "0", espeakNG: "1", encoder: "e"), duration: Seconds(9),
                                    chapters: chapters, skipped: [.init(index: 9, href: "x", reason: "bad")])
        let file = ManifestFile(path: "/dev/null")
        #expect(try file.data(manifest) == JSONCoding.data(manifest, pretty: true))
        manifest.audiobook = AudiobookEntry(file: "book.m4b", format: .m4b, duration: Seconds(9),
                                            chapters: chapters.map { .init(index: $0.index, start: Seconds(1), end: Seconds(2)) }, key: "k")
        #expect(try file.data(manifest) == JSONCoding.data(manifest, pretty: true))
        manifest.chapters = Array(chapters.prefix(1))
        manifest.skipped = []
        #expect(try file.data(manifest) == JSONCoding.data(manifest, pretty: true))
        manifest.chapters = []
        #expect(try file.data(manifest) == JSONCoding.data(manifest, pretty: true))
    }

    @Test("streaming a sidecar sentence by sentence gives exactly the bytes of encoding it whole")
    func streamedBytesEqualWholeEncoding() throws {
        let text = "Say \"sentences\":[] twice. \u{1F36F} Then stop."
        let timing = ChapterTiming(
            chapter: .init(index: 3, href: "OEBPS/c.xhtml", title: "A \"quoted\" title"),
            audio: .init(file: "003-c.mp3", sampleRate: 22050, duration: Seconds(4.5)),
            text: text,
            sentences: [
                TimedSentence(range: TextRange(location: 0, length: 26), begin: Seconds(0.25), end: Seconds(1.5), words: [
                    TimedWord(range: TextRange(location: 0, length: 3), begin: Seconds(0.25), end: Seconds(0.5)),
                    TimedWord(range: TextRange(location: 20, length: 5), begin: Seconds(1.0), end: Seconds(1.5)),
                ]),
                TimedSentence(range: TextRange(location: 27, length: 13), begin: Seconds(2), end: Seconds(3.1234), words: []),
            ]
        )
        let folder = try TestPaths.temporaryFolder()
        let path = folder + "/003-c.timing.json"
        try SidecarFile.write(timing, to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == JSONCoding.data(timing))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["003-c.timing.json"])

        var empty = timing
        empty.sentences = []
        try SidecarFile.write(empty, to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == JSONCoding.data(empty))
    }

    @Test("a sentence written by hand is byte for byte JSONEncoder's, for times from 0 to 10^11 seconds, negative ones and ranges of any size")
    func handWrittenSentenceEqualsEncoder() throws {
        let encoder = JSONCoding.encoder()
        var milliseconds: [Int] = [0, 1, 5, 9, 10, 11, 50, 99, 100, 101, 120, 999, 1000, 1001, 1010, 1100, 1999, 2000, 86_400_000,
                                   123_456_789, 99_999_999_999, 100_000_000_000_000, -1, -20, -1500]
        var generator = SystemRandomNumberGenerator()
        milliseconds += (0..<2000).map { _ in Int.random(in: 0..<10_000_000, using: &generator) }
        let times = milliseconds.map { Seconds(Double($0) / 1000) } + [Seconds(0.0004), Seconds(0.0005), Seconds(1.2345), Seconds(-0.0004)]
        let ranges = [TextRange(location: 0, length: 0), TextRange(location: 7, length: 12), TextRange(location: 1 << 40, length: 3),
                      TextRange(location: -5, length: Int.max), TextRange(location: Int.min, length: 1)]
        for (number, time) in times.enumerated() {
            let other = times[(number * 7 + 3) % times.count]
            let words = (0..<(number % 4)).map { word in
                TimedWord(range: ranges[(number + word) % ranges.count], begin: other, end: time)
            }
            let sentence = TimedSentence(range: ranges[number % ranges.count], begin: time, end: other, words: words)
            #expect(SentenceJSON.handles(sentence))
            var bytes: [UInt8] = []
            SentenceJSON.append(sentence, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: try encoder.encode(sentence), as: UTF8.self))
        }
        #expect(!SentenceJSON.handles(TimedSentence(range: ranges[0], begin: Seconds(1e13), end: Seconds(1), words: [])))
    }
}
