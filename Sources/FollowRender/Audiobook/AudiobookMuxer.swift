import CFFmpeg
import Foundation

/// Writes the single file through one FFmpeg muxer: the audio stream, the
/// book's tags and chapters, and (MP4) the cover as an attached picture.
///
/// Owns the output `AVFormatContext` and its `AVIOContext`; frees them in `deinit`.
final class AudiobookMuxer {
    let path: String
    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var audio: UnsafeMutablePointer<AVStream>?
    private var cover: (stream: UnsafeMutablePointer<AVStream>, data: Data)?
    private var encoderTimeBase = AVRational(num: 1, den: 1)
    private var opened = false

    /// The version of the FFmpeg libraries this process loaded (`av_version_info`, e.g. `5.1.6-0+deb12u1`).
    static var ffmpegVersion: String { String(cString: av_version_info()) }

    /// A muxer for `format` (MP4 or Ogg Opus) writing to `path` (a temporary name: the format is not guessed from it).
    init(format: AudiobookFormat, path: String) throws(RenderError) {
        // Every failure is returned and told in one line; FFmpeg's own log would only add noise
        // (such as the ipod muxer's note that it prefers an .m4a name).
        av_log_set_level(AV_LOG_QUIET)
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>?
        try RenderError.check(avformat_alloc_output_context2(&context, nil, format.muxerName, nil), .audio, file: path,
                                 doing: "this FFmpeg has no \(format.muxerName) muxer")
        self.context = context
        // The MP4 muxer re-opens the file by its URL to move the index to the front.
        context?.pointee.url = av_strdup(path)
        // Ogg: the stream's serial number from the `serial_offset` option instead of a random one,
        // so the same render gives the same bytes.
        if format == .opus { context?.pointee.flags |= AVFMT_FLAG_BITEXACT }
    }

    deinit {
        if let context, context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Adds the audio stream the workers encoded with `parameters`; its packets
    /// come with timestamps in samples at its sample rate.
    func addAudio(_ parameters: CodecParameters) throws(RenderError) {
        guard let stream = avformat_new_stream(context, nil) else { throw RenderError.allocationFailed(file: path) }
        try parameters.describe(stream.pointee.codecpar, file: path)
        let timeBase = AVRational(num: 1, den: parameters.sampleRate)
        stream.pointee.time_base = timeBase
        encoderTimeBase = timeBase
        audio = stream
    }

    /// Adds the cover as an attached picture (MP4 `covr`); JPEG and PNG only.
    func addCover(_ data: Data, isPNG: Bool) throws(RenderError) {
        guard let stream = avformat_new_stream(context, nil) else { throw RenderError.allocationFailed(file: path) }
        stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        stream.pointee.codecpar.pointee.codec_id = isPNG ? AV_CODEC_ID_PNG : AV_CODEC_ID_MJPEG
        // Muxers refuse a picture stream without dimensions.
        guard let (width, height) = Self.dimensions(of: Array(data), isPNG: isPNG) else { return }
        stream.pointee.codecpar.pointee.width = width
        stream.pointee.codecpar.pointee.height = height
        stream.pointee.disposition |= AV_DISPOSITION_ATTACHED_PIC
        cover = (stream, data)
    }

    /// Sets the container's tags (FFmpeg's generic keys, mapped per format by the muxer).
    func setTags(_ tags: [(String, String)]) {
        guard let context else { return }
        for (key, value) in tags where !value.isEmpty { av_dict_set(&context.pointee.metadata, key, value, 0) }
    }

    /// Sets the chapters: `(start, end, title)` in samples at `rate`.
    func setChapters(_ chapters: [(start: Int64, end: Int64, title: String)], rate: Int32) throws(RenderError) {
        guard let context, !chapters.isEmpty else { return }
        let size = MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride
        guard let list = av_calloc(chapters.count, size)?.assumingMemoryBound(to: UnsafeMutablePointer<AVChapter>?.self) else {
            throw RenderError.allocationFailed(file: path)
        }
        context.pointee.chapters = list
        for (number, chapter) in chapters.enumerated() {
            guard let entry = av_mallocz(MemoryLayout<AVChapter>.stride)?.assumingMemoryBound(to: AVChapter.self) else {
                throw RenderError.allocationFailed(file: path)
            }
            entry.pointee.id = Int64(number + 1)
            entry.pointee.time_base = AVRational(num: 1, den: rate)
            entry.pointee.start = chapter.start
            entry.pointee.end = chapter.end
            av_dict_set(&entry.pointee.metadata, "title", chapter.title, 0)
            list[number] = entry
            context.pointee.nb_chapters = UInt32(number + 1)
        }
    }

    /// Opens the file and writes the container header.
    func open(options: [(String, String)]) throws(RenderError) {
        guard let context else { return }
        try RenderError.check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), .write, file: path, doing: "cannot create")
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        try RenderError.check(avformat_write_header(context, &dictionary), .audio, file: path, doing: "cannot write the header")
        opened = true
        if let cover { try writeCover(cover.stream, cover.data) }
    }

    /// Writes one encoded audio packet (timestamps in the encoder's time base).
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) {
        guard let audio else { return }
        packet.pointee.stream_index = audio.pointee.index
        av_packet_rescale_ts(packet, encoderTimeBase, audio.pointee.time_base)
        try RenderError.check(av_interleaved_write_frame(context, packet), .write, file: path, doing: "cannot write")
        try checkIO()
    }

    /// Writes the trailer (MP4: the index, chapter track and tags), closes the
    /// file and frees the muxer at once: the MP4 muxer's index of every frame
    /// (FFmpeg keeps 64 bytes per AAC frame) is gone before `MP4MovieRewriter` runs.
    func finish() throws(RenderError) {
        guard let context, opened else { return }
        try RenderError.check(av_write_trailer(context), .write, file: path, doing: "cannot finish")
        try checkIO()
        try RenderError.check(avio_closep(&context.pointee.pb), .write, file: path, doing: "cannot close")
        avformat_free_context(context)
        self.context = nil
    }

    private func writeCover(_ stream: UnsafeMutablePointer<AVStream>, _ data: Data) throws(RenderError) {
        guard let packet = av_packet_alloc() else { throw RenderError.allocationFailed(file: path) }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        try RenderError.check(av_new_packet(packet, Int32(data.count)), .audio, file: path, doing: "out of memory")
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: data.count) }
        }
        packet.pointee.stream_index = stream.pointee.index
        packet.pointee.flags |= AV_PKT_FLAG_KEY
        packet.pointee.pts = 0
        packet.pointee.dts = 0
        try RenderError.check(av_interleaved_write_frame(context, packet), .write, file: path, doing: "cannot write the cover")
    }

    /// Width and height from a PNG's IHDR or a JPEG's start-of-frame segment; nil when not found.
    private static func dimensions(of bytes: [UInt8], isPNG: Bool) -> (Int32, Int32)? {
        let number = { (at: Int, count: Int) in bytes[at..<at + count].reduce(Int32(0)) { $0 << 8 | Int32($1) } }
        if isPNG { return bytes.count >= 24 ? (number(16, 4), number(20, 4)) : nil }
        var offset = 2
        while offset + 9 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (number(offset + 7, 2), number(offset + 5, 2))
            }
            offset += 2 + Int(number(offset + 2, 2))
        }
        return nil
    }

    /// A write error FFmpeg's buffered I/O noted but did not return (e.g. a full disk).
    private func checkIO() throws(RenderError) {
        guard let pb = context?.pointee.pb else { return }
        try RenderError.check(pb.pointee.error, .write, file: path, doing: "cannot write")
    }
}
