import Foundation
import Testing
@testable import FollowRender

/// The single file's chapters against the chapters' own audio: each chapter
/// of the single file holds the whole of its chapter's audio, and no more than
/// the encoder's priming and padding besides (the silence around its edges):
/// a chapter's span is its decoded length plus at most `slack[format]`.
enum SingleFileSpans {
    /// What a chapter's part adds to its audio at most: AAC a priming frame and a
    /// padded frame (2,047 samples), MP3 LAME's delay and padding (1,728 samples),
    /// Opus its pre-skip and a padded 20 ms frame (and the resampler's rounding).
    static let slack: [String: Double] = ["m4b": 2048 / 22050, "mp3": 1729 / 22050, "opus": 0.045]

    /// What a split chapter's part may add besides: its slices' AAC or Opus
    /// parts are joined within half a codec frame of where each slice
    /// belongs (`PacketPartJoin`), so the chapter may end half a frame late.
    static let joinSlack: [String: Double] = ["m4b": 512 / 22050, "opus": 0.010]

    /// Checks the spans of `entry`'s chapters against `lengths` (seconds, in order), comments naming `format`;
    /// the chapters in `split` (spine indices) were rendered in slices.
    static func check(_ entry: AudiobookEntry, lengths: [Double], format: String, split: Set<Int> = []) {
        for (number, chapter) in entry.chapters.enumerated() {
            let end = number + 1 < entry.chapters.count ? entry.chapters[number + 1].start.value : entry.duration.value
            let span = end - chapter.start.value
            let joins = split.contains(chapter.index) ? joinSlack[format] ?? 0 : 0
            let extra = (number + 1 < entry.chapters.count ? slack[format] ?? 0 : 0.0015) + joins
            #expect(span >= lengths[number] - 0.0015 && span <= lengths[number] + extra + 0.0015,
                    "\(format): chapter \(chapter.index) spans \(span) s for \(lengths[number]) s of audio")
            #expect(abs(chapter.end.value - end) <= 0.0015, "\(format): chapter \(chapter.index) ends where the next starts")
        }
    }
}
