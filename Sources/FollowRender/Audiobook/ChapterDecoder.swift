import CFFmpeg

/// Decodes one rendered chapter's audio file the way a player does (FFmpeg's
/// demuxer and decoder: for MP3, the LAME info tag's encoder delay and padding
/// are removed, so exactly the samples written come out).
///
/// Owns the input `AVFormatContext`, the decoder's `AVCodecContext` and the
/// packet and frame it decodes with; frees them in `deinit`.
final class ChapterDecoder {
    let path: String
    /// Samples per second of the decoded audio.
    let sampleRate: Int32
    /// The decoded sample format and channel count, for the resampler.
    let sampleFormat: AVSampleFormat
    let channels: Int32

    private var input: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let stream: Int32

    init(path: String) throws(RenderError) {
        // Every failure is returned and told in one line; FFmpeg's own log would only add noise
        // (such as the MP3 decoder's notes on the samples the info tag trims).
        av_log_set_level(AV_LOG_QUIET)
        self.path = path
        let fail = { (code: Int32, what: String) throws(RenderError) -> Int32 in
            try RenderError.check(code, .unreadableInput, file: path, doing: what)
        }
        var input: UnsafeMutablePointer<AVFormatContext>?
        _ = try fail(avformat_open_input(&input, path, Self.demuxer(for: path), nil), "cannot open")
        self.input = input
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        _ = try fail(avformat_find_stream_info(input, nil), "cannot read the stream")
        var codec: UnsafePointer<AVCodec>?
        stream = try fail(av_find_best_stream(input, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0), "no audio stream")
        guard let codec, let decoder = avcodec_alloc_context3(codec), packet != nil, frame != nil else {
            throw RenderError(.unreadableInput, file: path, "no decoder (out of memory)")
        }
        self.decoder = decoder
        _ = try fail(avcodec_parameters_to_context(decoder, input?.pointee.streams[Int(stream)]?.pointee.codecpar), "bad stream")
        _ = try fail(avcodec_open2(decoder, codec, nil), "cannot open the decoder")
        sampleRate = decoder.pointee.sample_rate
        sampleFormat = decoder.pointee.sample_fmt
        channels = decoder.pointee.ch_layout.nb_channels
    }

    /// The demuxer of a chapter format the render writes, named by the file's
    /// extension, so that FFmpeg does not probe the file with every demuxer it
    /// has: probing runs code from all of them, a few MB of pages that then stay
    /// resident in the rendering process; nil (probe) for another extension.
    private static func demuxer(for path: String) -> UnsafePointer<AVInputFormat>? {
        let names = ["mp3": "mp3", "wav": "wav", "flac": "flac", "ogg": "ogg"]
        let suffix = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return names[suffix].flatMap { av_find_input_format($0) }
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        avformat_close_input(&input)
    }

    /// Decodes the whole file, handing each frame's planes and sample count to `body`.
    func decode(_ body: (UnsafePointer<UnsafeMutablePointer<UInt8>?>, Int32) throws(RenderError) -> Void) throws(RenderError) {
        var ended = false
        while !ended {
            let read = av_read_frame(input, packet)
            if read == fr_averror_eof() {
                ended = true
                try RenderError.check(avcodec_send_packet(decoder, nil), .unreadableInput, file: path, doing: "cannot flush")
            } else {
                try RenderError.check(read, .unreadableInput, file: path, doing: "cannot read")
                defer { av_packet_unref(packet) }
                guard packet?.pointee.stream_index == stream else { continue }
                let sent = avcodec_send_packet(decoder, packet)
                if sent < 0, sent != fr_averror_again() {
                    try RenderError.check(sent, .unreadableInput, file: path, doing: "cannot decode")
                }
            }
            while true {
                let received = avcodec_receive_frame(decoder, frame)
                if received == fr_averror_again() || received == fr_averror_eof() { break }
                try RenderError.check(received, .unreadableInput, file: path, doing: "cannot decode")
                guard let frame, let planes = frame.pointee.extended_data else { continue }
                try body(planes, frame.pointee.nb_samples)
                av_frame_unref(frame)
            }
        }
    }
}
