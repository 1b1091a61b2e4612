import CFFmpeg
import Foundation

/// One single file being made from the chapters' parts, in book order
/// (`append`): the speech was encoded once, by the workers, from PCM
/// (`PacketPartWriter`), and is copied here, packet by packet or MP3 frame by
/// frame, never decoded. The book is one stream: its first part's encoder
/// delay is declared once at the start (MP4 edit list and `iTunSMPB`, Opus
/// pre-skip, LAME info tag) and its last part's padding at the end; each
/// later part's own priming and padding fall in the silence around its
/// chapter's edges, inside the stream.
///
/// Every chapter's length is known from its part before anything is written,
/// so the marks are given at `init`: MP3 and Opus carry them in the header;
/// MP4 writes its chapters and tags with the index at the end.
final class AudiobookEncoding {
    typealias Mark = (start: Int64, end: Int64, title: String)

    let format: AudiobookFormat
    let path: String
    /// The codec's samples per second, the unit of `Mark` and of a part's layout.
    private let rate: Int32
    /// MP4 and Opus: the muxer, and for MP4 the grouper of its frames.
    private let muxer: AudiobookMuxer?
    private let grouper: MP4SampleGrouper?
    /// MP3: the ID3 tag with the marks, and the chapters' streams, joined at `finish`.
    private var prefix: [UInt8] = []
    private var streams: [MP3Stream] = []
    /// Samples of packets muxed so far (codec rate) and their count.
    private var position: Int64 = 0
    private var packets: Int64 = 0
    private let parameters: CodecParameters?

    /// Opens `path` (a temporary name) for the chapters of `layout` and writes the header.
    init(format: AudiobookFormat, path: String, layout: SingleFileLayout, metadata: AudiobookMetadata,
         marks: [Mark], tree: [ChapterMarks.Node]) throws(RenderError) {
        self.format = format
        self.path = path
        rate = layout.rate
        parameters = layout.parameters
        if format.codec == .mp3 {
            muxer = nil
            grouper = nil
        } else {
            guard let parameters else { throw RenderError(.audio, file: path, "the chapters have no parts of the single file") }
            let muxer = try AudiobookMuxer(format: format, path: path)
            try muxer.addAudio(parameters)
            self.muxer = muxer
            grouper = format.isMP4 ? try MP4SampleGrouper(for: path) : nil
        }
        try openMuxer(metadata: metadata, marks: marks, tree: tree)
    }

    /// Writes the header: for MP3 our ID3v2 tag with `marks`, for Opus the
    /// comments with `marks`, for MP4 the cover (its marks and tags come at `finish`).
    private func openMuxer(metadata: AudiobookMetadata, marks: [Mark], tree: [ChapterMarks.Node]) throws(RenderError) {
        var options: [(String, String)] = []
        guard let muxer else {
            // MP3: the tag goes before the joined frames (`finish`).
            let milliseconds = { [rate] (samples: Int64) in Int((Double(samples) * 1000 / Double(rate)).rounded()) }
            prefix = ID3ChapterTag(metadata: metadata,
                                   chapters: marks.map { (milliseconds($0.start), milliseconds($0.end), $0.title) }, tree: tree).bytes
            return
        }
        switch format {
        case .mp3:
            return
        case .m4b, .m4a:
            if let cover = metadata.cover { try muxer.addCover(cover, isPNG: metadata.coverIsPNG) }
            // No +faststart: MP4MovieRewriter moves the index to the front after adding iTunSMPB.
            options = format == .m4b ? [("brand", "M4B ")] : []
            // Nero `chpl` holds at most 255 chapters, and VLC reads it before the QuickTime chapter track:
            // past that, only the chapter track is written, so no player loses a chapter.
            if marks.count > 255 { options.append(("movflags", "+disable_chpl")) }
        case .opus:
            muxer.setTags(metadata.containerTags(format: format))
            // Written here: FFmpeg 5.1's own CHAPTERxxx writer rounds the seconds up from 500 ms on (a second late).
            muxer.setTags(marks.enumerated().flatMap { number, mark in
                let key = String(format: "CHAPTER%03d", number)
                return [(key, Self.clock(mark.start, rate: rate)), (key + "NAME", mark.title)]
            })
            options = [("serial_offset", "\(SoundFileWriter.oggSerialNumber)")]
        }
        try muxer.open(options: options)
    }

    /// Copies the next chapter's part into the file; `last` for the book's last
    /// chapter, whose padding ends the stream (every other part's packets
    /// play whole).
    func append(_ source: SingleFileLayout.Chapter, last: Bool) throws(RenderError) {
        switch source.stream {
        case let .mp3(stream):
            streams.append(stream)
        case let .packets(file):
            let part = try PacketPart(path: file)
            guard part.parameters == parameters else {
                throw RenderError(.unreadableInput, file: file, "was encoded with other settings than the first chapter's part")
            }
            let frame = Int64(part.parameters.frameSize)
            let start = position
            try part.replay { packet throws(RenderError) in
                // The part's timestamps count from its own start; the book's from the first part's.
                packet.pointee.pts += start
                packet.pointee.dts += start
                if !last || packet.pointee.duration <= 0 { packet.pointee.duration = frame }
                try emit(packet)
                packets += 1
            }
            position = start + part.span
        }
    }

    /// Writes the trailer (MP4: with `marks` and `metadata`'s tags, then
    /// `iTunSMPB` and the index in front) and closes the file; `samples` is the
    /// book's length as decoded. MP3: joins the chapters' streams after the tag.
    func finish(metadata: AudiobookMetadata, marks: [Mark], samples: Int64) throws(RenderError) {
        guard let muxer else {
            _ = try MP3Join.write(streams, prefix: prefix, to: path)
            return
        }
        guard let grouper else { return try muxer.finish() }
        try grouper.finish { packet throws(RenderError) in try muxer.write(packet) }
        muxer.setTags(metadata.containerTags(format: format))
        try muxer.setChapters(marks, rate: rate)
        try muxer.finish()
        let delay = Int64(parameters?.initialPadding ?? 0)
        let gapless = ITunesGaplessInfo(delay: delay, padding: packets * Int64(parameters?.frameSize ?? 1024) - delay - samples,
                                        samples: samples)
        try MP4MovieRewriter.finish(path, adding: gapless.box, splitting: grouper)
    }

    /// Hands one packet to the muxer: through the grouper for MP4.
    private func emit(_ packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) {
        if let grouper, let muxer {
            try grouper.add(packet) { grouped throws(RenderError) in try muxer.write(grouped) }
        } else {
            try muxer?.write(packet)
        }
    }

    /// `HH:MM:SS.mmm` for a Vorbis comment chapter mark.
    private static func clock(_ samples: Int64, rate: Int32) -> String {
        let milliseconds = (samples * 1000 + Int64(rate) / 2) / Int64(rate)
        return String(format: "%02lld:%02lld:%02lld.%03lld", milliseconds / 3_600_000, milliseconds / 60000 % 60,
                      milliseconds / 1000 % 60, milliseconds % 1000)
    }
}
