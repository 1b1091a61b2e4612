import Foundation
import Testing
@testable import FollowRender

/// Checks a render's timing invariants, and every word's offset → time → offset round trip.
func checkTimingsAndPositions(_ render: RenderedFolder) throws {
    let index = PositionIndex(try RenderedBook.load(render.path))
    var words = 0
    for timing in render.timings {
        #expect(timingViolations(timing) == [], "\(timing.chapter.href)")
        for sentence in timing.sentences {
            for word in sentence.words {
                words += 1
                let forward = try index.position(chapter: timing.chapter.index, offset: word.range.location)
                let back = try index.position(chapter: timing.chapter.index, time: forward.audio.time.value)
                #expect(forward.word.range == word.range && back.offset == word.range.location, "\(word.range)")
            }
        }
    }
    #expect(words > 5)
}

/// |detected speech onset - sentence begin| for every sentence with words, in seconds.
func sentenceOnsetErrors(_ render: RenderedFolder) throws -> [Double] {
    var errors: [Double] = []
    for (timing, chapter) in zip(render.timings, render.manifest.chapters) {
        let audio = try DecodedAudio(path: render.file(chapter.audioFile))
        let levels = audio.frameLevels()
        for sentence in timing.sentences where !sentence.words.isEmpty {
            errors.append(audio.onset(near: sentence.begin.value, levels: levels).map { abs($0 - sentence.begin.value) } ?? 1)
        }
    }
    return errors
}
