import Foundation

/// The iTunes gapless-playback tag of an M4B/M4A, the freeform item
/// `----:com.apple.iTunes:iTunSMPB`: the encoder's delay (priming), the padding
/// after the last sample and the number of real samples, as iTunes writes them
/// (` 00000000 DDDDDDDD PPPPPPPP LLLLLLLLLLLLLLLL` and eight `00000000`, hexadecimal).
///
/// It says what the MP4 edit list says, for players that read only this tag.
struct ITunesGaplessInfo: Hashable, Sendable {
    /// Samples the encoder put before the first real one.
    var delay: Int64
    /// Samples after the last real one, up to the end of the last frame.
    var padding: Int64
    /// Real samples: the book's decoded length.
    var samples: Int64

    /// The tag's text.
    var value: String {
        String(format: " 00000000 %08llX %08llX %016llX", delay, padding, samples) + String(repeating: " 00000000", count: 8)
    }

    /// The whole `----` box (with its `mean`, `name` and UTF-8 `data` boxes) for `ilst`.
    var box: [UInt8] {
        MP4Box.make("----", MP4Box.make("mean", [0, 0, 0, 0] + Array("com.apple.iTunes".utf8))
            + MP4Box.make("name", [0, 0, 0, 0] + Array("iTunSMPB".utf8))
            + MP4Box.make("data", [0, 0, 0, 1, 0, 0, 0, 0] + Array(value.utf8)))
    }
}
