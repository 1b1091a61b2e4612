import Foundation
import Testing
@testable import FollowRender

/// Class 5 of issue #17: an over-long sentence is synthesized in bounded
/// chunks, yet stays one span whose words keep exact, ordered times.
@Suite("Over-long sentences")
struct SentenceChunksTests {
    /// A piece over `text` whose words are its space-separated runs.
    private static func piece(_ text: String) -> VoicePiece {
        var words: [TextRange] = []
        var start: Int?
        for (offset, unit) in text.utf16.enumerated() {
            if unit == 0x20 || unit == 0x2C {
                if let begin = start { words.append(TextRange(location: begin, length: offset - begin)) }
                start = nil
            } else if start == nil {
                start = offset
            }
        }
        if let begin = start { words.append(TextRange(location: begin, length: text.utf16.count - begin)) }
        return VoicePiece(range: TextRange(location: 0, length: text.utf16.count), voice: "en", words: words)
    }

    @Test("chunks cover the piece, stay within the limit, keep every word once and prefer clause boundaries")
    func chunking() {
        let clause = "one two three four five six seven eight, nine ten eleven twelve "
        let text = String(repeating: clause, count: 200)
        let piece = Self.piece(text)
        let chunks = piece.chunks(text: text, limit: 500)
        #expect(chunks.count > 1)
        #expect(chunks.first?.range.location == 0)
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.range.end == $1.range.location })
        #expect(chunks.last?.range.end == piece.range.end)
        #expect(chunks.allSatisfy { $0.range.length <= 500 })
        #expect(chunks.flatMap(\.words) == piece.words)
        let units = Array(text.utf16)
        for chunk in chunks.dropLast() {
            let before = String(decoding: units[..<chunk.range.end].suffix(2), as: UTF16.self)
            #expect(before == ", ", "cut after '\(before)'")
        }
    }

    @Test("a piece within the limit is left whole, and a word longer than the limit is cut without splitting a character")
    func edges() {
        let short = Self.piece("a short sentence")
        #expect(short.chunks(text: "a short sentence", limit: 500).count == 1)
        let long = String(repeating: "🍯", count: 400)
        let chunks = Self.piece(long).chunks(text: long, limit: 301)
        #expect(chunks.allSatisfy { $0.range.length <= 301 && $0.range.location % 2 == 0 })
        #expect(chunks.flatMap(\.words).count == 1)
    }

    @Test("a 7,000-character sentence without a full stop renders as one sentence with ordered word times")
    func longSentenceRenders() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let words = ["river", "stone", "lantern", "orchard", "quiet", "meadow", "harbor", "window"]
        var text = ""
        var index = 0
        while text.utf16.count < 7000 {
            text += words[index % words.count] + (index % 23 == 22 ? ", " : " ")
            index += 1
        }
        let files = EPUBTestSupport.minimalBook(chapter1: "<p>\(text)</p>")
        let book = try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/long.epub")).path
        let run = try CommandRun.cli([book, "--out", folder + "/out", "--rate", "4x", "--chapters", "1", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let rendered = try RenderedBook.load(folder + "/out")
        let timing = try #require(rendered.chapter(1))
        #expect(TimingValidation.problem(in: timing) == nil)
        #expect(timing.sentences.count == 1)
        let sentence = try #require(timing.sentences.first)
        #expect(sentence.words.count == index)
        #expect(sentence.words.allSatisfy { $0.begin < $0.end })
        #expect(zip(sentence.words, sentence.words.dropFirst()).allSatisfy { $0.end <= $1.begin })
        let middle = sentence.words[index / 2]
        #expect(middle.begin.value > sentence.end.value * 0.3 && middle.begin.value < sentence.end.value * 0.7)
    }
}
