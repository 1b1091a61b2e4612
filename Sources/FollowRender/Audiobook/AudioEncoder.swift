import CFFmpeg

/// Encodes a chapter's (or a segment's) samples with one FFmpeg encoder (AAC
/// or Opus) into packets for the single file: one encoder delay at its start,
/// one padding at its end (see `PacketPartWriter`).
///
/// Owns the encoder's `AVCodecContext`, the `AVAudioFifo` that cuts the input
/// into the encoder's frame size, and its frame and packet; frees them in `deinit`.
final class AudioEncoder {
    let sampleRate: Int32
    let sampleFormat: AVSampleFormat
    /// Samples the encoder puts before the first input sample (priming),
    /// which the container declares so that players skip them.
    var delay: Int32 { context?.pointee.initial_padding ?? 0 }

    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var fifo: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Samples per encoded packet (AAC: 1,024).
    private(set) var frameSize: Int32
    private var pts: Int64 = 0
    private let file: String

    /// Packets the encoder has produced; each decodes to `frameSize` samples.
    private(set) var packets: Int64 = 0

    /// Opens `format`'s encoder for mono input at `inputRate`, taking `inputFormat`
    /// when the encoder accepts it (so no conversion is needed), else its own first format,
    /// with the codec headers out of band, as the MP4 and Ogg muxers want them.
    init(codec format: AudiobookCodec, inputRate: Int32, inputFormat: AVSampleFormat, file: String) throws(RenderError) {
        self.file = file
        av_log_set_level(AV_LOG_QUIET)
        guard let codec = avcodec_find_encoder_by_name(format.encoderName) else {
            throw RenderError.missingEncoder(format.encoderName, file: file)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw RenderError.allocationFailed(file: file, "cannot start the \(format.encoderName) encoder (out of memory)")
        }
        self.context = context
        sampleRate = format.sampleRate(forInput: inputRate)
        sampleFormat = Self.formats(of: codec).contains(inputFormat) ? inputFormat : Self.formats(of: codec).first ?? AV_SAMPLE_FMT_FLTP
        context.pointee.sample_rate = sampleRate
        context.pointee.sample_fmt = sampleFormat
        switch format.rateControl {
        case .bitrate(let bitsPerSecond):
            context.pointee.bit_rate = Int64(bitsPerSecond)
        case .quality(let quality):
            context.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
            context.pointee.global_quality = Int32((quality * Double(FF_QP2LAMBDA)).rounded())
        }
        context.pointee.time_base = AVRational(num: 1, den: sampleRate)
        av_channel_layout_default(&context.pointee.ch_layout, 1)
        context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        for (key, value) in format.encoderOptions { av_dict_set(&options, key, value, 0) }
        try RenderError.check(avcodec_open2(context, codec, &options), .audio, file: file,
                                 doing: "\(format.encoderName) refuses mono \(sampleRate) Hz at \(format.rateControl)")
        frameSize = context.pointee.frame_size > 0 ? context.pointee.frame_size : 1024
        fifo = av_audio_fifo_alloc(sampleFormat, 1, frameSize * 4)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard fifo != nil, frame != nil, packet != nil else {
            throw RenderError.allocationFailed(file: file)
        }
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        if let fifo { av_audio_fifo_free(fifo) }
        avcodec_free_context(&context)
    }

    /// The sample formats `codec` takes, in its order of preference.
    private static func formats(of codec: UnsafePointer<AVCodec>) -> [AVSampleFormat] {
        guard var next = codec.pointee.sample_fmts else { return [] }
        var formats: [AVSampleFormat] = []
        while next.pointee != AV_SAMPLE_FMT_NONE {
            formats.append(next.pointee)
            next += 1
        }
        return formats
    }

    /// What a muxer needs to know of the stream this encoder makes.
    var parameters: CodecParameters? { context.map { CodecParameters($0) } }

    /// Queues `count` samples and encodes every whole frame, handing packets to `emit`.
    func write(_ planes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, count: Int32,
               emit: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        let queued = planes.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 1) { raw in
            av_audio_fifo_write(fifo, raw, count)
        }
        guard queued == count else { throw RenderError(.audio, file: file, "out of memory queuing samples") }
        while av_audio_fifo_size(fifo) >= frameSize {
            try encodeFrame(frameSize, emit: emit)
        }
    }

    /// Encodes the last partial frame and drains the encoder.
    func finish(emit: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        let rest = av_audio_fifo_size(fifo)
        if rest > 0 { try encodeFrame(rest, emit: emit) }
        try RenderError.check(avcodec_send_frame(context, nil), .audio, file: file, doing: "cannot flush the encoder")
        try drain(emit: emit)
    }

    private func encodeFrame(_ samples: Int32, emit: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        guard let frame else { return }
        av_frame_unref(frame)
        frame.pointee.nb_samples = samples
        frame.pointee.format = sampleFormat.rawValue
        frame.pointee.sample_rate = sampleRate
        av_channel_layout_default(&frame.pointee.ch_layout, 1)
        try RenderError.check(av_frame_get_buffer(frame, 0), .audio, file: file, doing: "out of memory")
        let read = frame.pointee.extended_data.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 1) { raw in
            av_audio_fifo_read(fifo, raw, samples)
        }
        guard read == samples else { throw RenderError(.audio, file: file, "lost queued samples") }
        frame.pointee.pts = pts
        pts += Int64(samples)
        try RenderError.check(avcodec_send_frame(context, frame), .audio, file: file, doing: "cannot encode")
        try drain(emit: emit)
    }

    private func drain(emit: (UnsafeMutablePointer<AVPacket>) throws(RenderError) -> Void) throws(RenderError) {
        guard let packet else { return }
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == fr_averror_again() || received == fr_averror_eof() { return }
            try RenderError.check(received, .audio, file: file, doing: "cannot encode")
            defer { av_packet_unref(packet) }
            packets += 1
            try emit(packet)
        }
    }
}
