import Foundation
import Testing
@testable import FollowRender

/// Chapter scripts for `FakeSynthesizer`, and the times its speech must get:
/// everything `FakeSynthesisTests` expects is worked out here from the fake's
/// definition, never from the renderer's code.
enum FakeScript {
    static let rate = 22050
    static let unit = FakeSynthesizer.unit

    /// A script made by hand: each sentence is a list of pieces (text and
    /// voice) whose texts, in order, are the sentence; sentences are joined
    /// by one space; words are the runs of non-space characters.
    static func script(_ sentences: [[(text: String, voice: String)]], pauses: [Int], folder: String = "/nonexistent",
                       format: AudioFormat? = .wav) -> ChapterScript {
        var text = ""
        var built: [ChapterScript.Sentence] = []
        for (number, pieces) in sentences.enumerated() {
            if number > 0 { text += " " }
            let start = text.utf16.count
            var scriptPieces: [ChapterScript.Piece] = []
            var words: [TextRange] = []
            for piece in pieces {
                let offset = text.utf16.count
                let relative = wordRanges(piece.text)
                scriptPieces.append(.init(text: piece.text, voice: piece.voice, phonemes: false, words: relative))
                words += relative.map { TextRange(location: $0.location + offset, length: $0.length) }
                text += piece.text
            }
            built.append(.init(range: TextRange(location: start, length: text.utf16.count - start), words: words,
                               pause: pauses[number], pieces: scriptPieces))
        }
        let audio = format.map { ChapterScript.Outputs.Audio(file: "001-one.\($0.rawValue)", format: $0, bitrate: 64,
                                                             tags: AudioTags(title: "One", album: "Fake", artist: "Test")) }
        return ChapterScript(chapter: .init(index: 1, href: "one.xhtml", title: "One"), text: text, sampleRate: rate, wpm: 700,
                             sentences: built, trailing: 5512, silentSentence: 6615, slice: nil,
                             outputs: .init(folder: folder, audio: audio, timing: "001-one.timing.json"))
    }

    /// The runs of non-space characters of `text`, as UTF-16 ranges.
    static func wordRanges(_ text: String) -> [TextRange] {
        let offsets = utf16Offsets(text)
        return FakeSynthesizer.runs(in: text).map { TextRange(location: offsets[$0.lowerBound], length: offsets[$0.upperBound] - offsets[$0.lowerBound]) }
    }

    /// The UTF-16 offset of each code point of `text`, and of its end.
    static func utf16Offsets(_ text: String) -> [Int] {
        var offsets = [0]
        for scalar in text.unicodeScalars { offsets.append(offsets[offsets.count - 1] + UTF16.width(scalar)) }
        return offsets
    }

    /// Where the fake's speech of a sentence falls, in samples of the audio a player decodes.
    struct Expected {
        var begin: Int
        var end: Int
        /// Each word's begin: the event of the run it starts in; nil for a word
        /// that is not the first of the script's words in its run (it gets no event of its own).
        var words: [Int?]
    }

    /// What the fake's utterances make of `script`, worked out from the fake's
    /// definition alone: sentences one after another after their pauses, each
    /// piece as long as its code points, each word at its run's event.
    static func expected(_ script: ChapterScript, leading: Int) -> (sentences: [Expected], total: Int) {
        var cursor = leading
        var sentences: [Expected] = []
        for sentence in script.sentences {
            cursor += sentence.pause
            var clip = 0
            var words: [Int?] = []
            for piece in sentence.pieces {
                let runs = FakeSynthesizer.runs(in: piece.text)
                let offsets = utf16Offsets(piece.text)
                var seen: Set<Int> = []
                for word in piece.words {
                    let point = offsets.firstIndex(of: word.location) ?? 0
                    guard let run = runs.firstIndex(where: { $0.contains(point) || $0.lowerBound > point }),
                          seen.insert(run).inserted else {
                        words.append(nil)
                        continue
                    }
                    words.append(cursor + clip + runs[run].lowerBound * unit)
                }
                clip += piece.text.unicodeScalars.count * unit
            }
            if sentence.pieces.isEmpty { clip = script.silentSentence }
            sentences.append(Expected(begin: cursor, end: cursor + clip, words: words))
            cursor += clip
        }
        return (sentences, cursor + script.trailing)
    }

    /// The characters of `text` in `range` (UTF-16).
    static func substring(_ text: String, _ range: TextRange) -> String {
        String(decoding: Array(text.utf16)[range.location..<range.end], as: UTF16.self)
    }

    static func seconds(_ sample: Int) -> Seconds { Seconds(samples: sample, sampleRate: rate) }

    /// Checks `timing` against `expected`: sentences, and every word with an event of its own, exactly.
    /// Returns how many words were checked.
    @discardableResult
    static func check(_ timing: ChapterTiming, against expected: [Expected], rounded: Bool = false) -> Int {
        let same = { (actual: Seconds, sample: Int) in
            rounded ? actual.milliseconds == seconds(sample).milliseconds : actual == seconds(sample)
        }
        #expect(timing.sentences.count == expected.count)
        var checked = 0
        for (sentence, want) in zip(timing.sentences, expected) {
            #expect(same(sentence.begin, want.begin) && same(sentence.end, want.end),
                    "sentence \(sentence.range): \(sentence.begin.value)–\(sentence.end.value), expected samples \(want.begin)–\(want.end)")
            #expect(sentence.words.count == want.words.count)
            for (word, begin) in zip(sentence.words, want.words) {
                guard let begin else { continue }
                checked += 1
                #expect(same(word.begin, begin), "word \(word.range) begins at \(word.begin.value), its event at sample \(begin)")
            }
        }
        return checked
    }
}
