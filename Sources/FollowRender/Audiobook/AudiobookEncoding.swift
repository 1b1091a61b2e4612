import CFFmpeg
import Foundation

/// One single-file encode in progress: the muxer, the one encoder and the
/// resampler, fed one chapter after another (`append`), so the book is one
/// stream with one encoder delay and one padding.
///
/// MP3 and Opus carry their chapter marks in the header, so they are given at
/// `init`, or, for an encoding started while the chapters render
/// (`AudiobookDraft`), the packets wait in a `PacketSpool` until `finish`
/// writes the header with the marks; MP4 writes its chapters and tags with the index at the end (FFmpeg's
/// MP4 muxer takes chapters added after the header), so an MP4 can be started
/// before the chapters' lengths are known (`AudiobookDraft`) and is given its
/// marks and tags at `finish`. Both ways give the same bytes.
final class AudiobookEncoding {
    typealias Mark = (start: Int64, end: Int64, title: String)

    let format: AudiobookFormat
    let path: String
    /// Samples appended so far, at the chapters' rate.
    private(set) var samples: Int64 = 0
    private let rate: Int32
    private let muxer: AudiobookMuxer
    private let encoder: AudioEncoder
    private var resampler: Resampler?
    /// The packets encoded before the header could be written (MP3 and Opus started without marks).
    private var spool: PacketSpool?
    /// MP4: the frames handed to the muxer in groups, split again when finished.
    private let grouper: MP4SampleGrouper?

    /// Opens `path` (a temporary name) and writes the header, or, for MP3 and
    /// Opus started before their marks are known, keeps the packets in a
    /// `PacketSpool` until `finish` writes the header and replays them.
    /// - Parameters:
    ///   - rate: the chapters' sample rate; `sampleFormat`: their decoded sample format.
    ///   - marks: the chapters for MP3 and Opus, nil when not known yet (ignored for MP4,
    ///     which takes them at `finish`).
    init(format: AudiobookFormat, path: String, rate: Int32, sampleFormat: AVSampleFormat,
         metadata: AudiobookMetadata, marks: [Mark]?) throws(RenderError) {
        self.format = format
        self.path = path
        self.rate = rate
        muxer = try AudiobookMuxer(format: format, path: path)
        encoder = try AudioEncoder(format: format, inputRate: rate, inputFormat: sampleFormat,
                                   globalHeader: muxer.wantsGlobalHeader, file: path)
        try muxer.addAudio(encoder)
        grouper = format.isMP4 ? try MP4SampleGrouper(for: path) : nil
        if marks != nil || format.isMP4 {
            try openMuxer(metadata: metadata, marks: marks ?? [])
        } else {
            spool = try PacketSpool(for: path)
        }
    }

    /// Writes the header: for MP3 our ID3v2 tag with `marks`, for Opus the
    /// comments with `marks`, for MP4 the cover (its marks and tags come at `finish`).
    private func openMuxer(metadata: AudiobookMetadata, marks: [Mark]) throws(RenderError) {
        var prefix: [UInt8] = []
        var options: [(String, String)] = []
        switch format {
        case .mp3:
            muxer.setTags(metadata.containerTags(format: format))
            let milliseconds = { [rate] (samples: Int64) in Int((Double(samples) * 1000 / Double(rate)).rounded()) }
            prefix = ID3ChapterTag(metadata: metadata,
                                   chapters: marks.map { (milliseconds($0.start), milliseconds($0.end), $0.title) }).bytes
            options = [("id3v2_version", "0"), ("write_xing", "1")]
        case .m4b, .m4a:
            if let cover = metadata.cover { try muxer.addCover(cover, isPNG: metadata.coverIsPNG) }
            // No +faststart: MP4MovieRewriter moves the index to the front after adding iTunSMPB.
            options = format == .m4b ? [("brand", "M4B ")] : []
        case .opus:
            muxer.setTags(metadata.containerTags(format: format))
            // Written here: FFmpeg 5.1's own CHAPTERxxx writer rounds the seconds up from 500 ms on (a second late).
            muxer.setTags(marks.enumerated().flatMap { number, mark in
                let key = String(format: "CHAPTER%03d", number)
                return [(key, Self.clock(mark.start, rate: rate)), (key + "NAME", mark.title)]
            })
            options = [("serial_offset", "\(SoundFileWriter.oggSerialNumber)")]
        }
        try muxer.open(prefix: prefix, options: options)
    }

    /// Decodes the chapter at `audio` as a player does and encodes exactly
    /// `length` samples of it (padded with silence if it decodes short).
    func append(_ audio: String, length: Int64) throws(RenderError) {
        let decoder = try ChapterDecoder(path: audio)
        let converter: Resampler
        if let resampler {
            converter = resampler
        } else {
            converter = try Resampler(from: decoder, to: encoder, file: path)
        }
        resampler = converter
        guard converter.accepts(decoder) else {
            throw RenderError(.unreadableInput, file: decoder.path, "its sample rate or format differs from chapter 1's")
        }
        let emit = { [self] (packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) in try self.emit(packet) }
        var remaining = length
        try decoder.decode { planes, count throws(RenderError) in
            let used = Int32(min(Int64(count), remaining))
            remaining -= Int64(used)
            try converter.convert(planes, count: used) { out, produced throws(RenderError) in
                try encoder.write(out, count: produced, emit: emit)
            }
        }
        try converter.convert(nil, count: Int32(remaining)) { out, produced throws(RenderError) in
            try encoder.write(out, count: produced, emit: emit)
        }
        samples += length
    }

    /// Drains the encoder, writes the trailer (MP4: with `marks` and `metadata`'s tags,
    /// then `iTunSMPB` and the index in front) and closes the file. MP3 and Opus
    /// started without marks write their header with `metadata` and `marks` here,
    /// then the packets kept so far.
    func finish(metadata: AudiobookMetadata, marks: [Mark]) throws(RenderError) {
        if let spool {
            try openMuxer(metadata: metadata, marks: marks)
            try spool.replay { packet throws(RenderError) in try muxer.write(packet) }
            self.spool = nil
        }
        let emit = { [self] (packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) in try self.emit(packet) }
        try resampler?.flush { out, produced throws(RenderError) in try encoder.write(out, count: produced, emit: emit) }
        try encoder.finish(emit: emit)
        guard let grouper else { return try muxer.finish() }
        try grouper.finish { packet throws(RenderError) in try muxer.write(packet) }
        muxer.setTags(metadata.containerTags(format: format))
        try muxer.setChapters(marks, rate: rate)
        try muxer.finish()
        let delay = Int64(encoder.delay)
        let gapless = ITunesGaplessInfo(delay: delay, padding: encoder.packets * Int64(encoder.frameSize) - delay - samples,
                                        samples: samples)
        try MP4MovieRewriter.finish(path, adding: gapless.box, splitting: grouper)
    }

    /// Hands one encoded packet to the muxer: through the grouper (MP4), or to
    /// the spool while the header waits (MP3, Opus).
    private func emit(_ packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) {
        if let spool {
            try spool.append(packet)
        } else if let grouper {
            try grouper.add(packet) { grouped throws(RenderError) in try muxer.write(grouped) }
        } else {
            try muxer.write(packet)
        }
    }

    /// `HH:MM:SS.mmm` for a Vorbis comment chapter mark.
    private static func clock(_ samples: Int64, rate: Int32) -> String {
        let milliseconds = (samples * 1000 + Int64(rate) / 2) / Int64(rate)
        return String(format: "%02lld:%02lld:%02lld.%03lld", milliseconds / 3_600_000, milliseconds / 60000 % 60,
                      milliseconds / 1000 % 60, milliseconds % 1000)
    }
}
