import Foundation
import Testing
@testable import FollowRender

@Suite("Writing timing sidecars")
struct SidecarFileTests {
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
}
