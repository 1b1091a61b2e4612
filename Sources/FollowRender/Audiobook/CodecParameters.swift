import CFFmpeg

/// What a muxer needs to know of an encoded stream (FFmpeg's
/// `AVCodecParameters` as `avcodec_parameters_from_context` fills it for our
/// encoders), as a value: a worker records it at the head of each part it
/// encodes (`PacketPart`) and the parent gives it to the muxer, which then
/// writes the same header and index as for the encoder itself.
struct CodecParameters: Hashable, Sendable {
    var codecID: UInt32
    var sampleFormat: Int32
    var bitRate: Int64
    var sampleRate: Int32
    var frameSize: Int32
    /// Samples the encoder puts before the first input sample (priming).
    var initialPadding: Int32
    var trailingPadding: Int32
    var seekPreroll: Int32
    var blockAlign: Int32
    /// The codec's global header (AAC's AudioSpecificConfig, Opus's OpusHead).
    var extradata: [UInt8]

    /// The parameters of an opened encoder.
    init(_ context: UnsafePointer<AVCodecContext>) {
        let codec = context.pointee
        codecID = codec.codec_id.rawValue
        sampleFormat = codec.sample_fmt.rawValue
        bitRate = codec.bit_rate
        sampleRate = codec.sample_rate
        frameSize = codec.frame_size
        initialPadding = codec.initial_padding
        trailingPadding = codec.trailing_padding
        seekPreroll = codec.seek_preroll
        blockAlign = codec.block_align
        extradata = codec.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(codec.extradata_size))) } ?? []
    }

    /// The numbers, in the order `PacketPart` stores them, and the global header.
    init(numbers: [Int64], extradata: [UInt8]) {
        codecID = UInt32(truncatingIfNeeded: numbers[0])
        sampleFormat = Int32(truncatingIfNeeded: numbers[1])
        bitRate = numbers[2]
        sampleRate = Int32(truncatingIfNeeded: numbers[3])
        frameSize = Int32(truncatingIfNeeded: numbers[4])
        initialPadding = Int32(truncatingIfNeeded: numbers[5])
        trailingPadding = Int32(truncatingIfNeeded: numbers[6])
        seekPreroll = Int32(truncatingIfNeeded: numbers[7])
        blockAlign = Int32(truncatingIfNeeded: numbers[8])
        self.extradata = extradata
    }

    static let numberCount = 9

    var numbers: [Int64] {
        [Int64(codecID), Int64(sampleFormat), bitRate, Int64(sampleRate), Int64(frameSize), Int64(initialPadding),
         Int64(trailingPadding), Int64(seekPreroll), Int64(blockAlign)]
    }

    /// Fills a muxer stream's parameters (mono) as the encoder would have.
    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>, file: String) throws(RenderError) {
        parameters.pointee.codec_type = AVMEDIA_TYPE_AUDIO
        parameters.pointee.codec_id = AVCodecID(rawValue: codecID)
        parameters.pointee.format = sampleFormat
        parameters.pointee.bit_rate = bitRate
        parameters.pointee.sample_rate = sampleRate
        parameters.pointee.frame_size = frameSize
        parameters.pointee.initial_padding = initialPadding
        parameters.pointee.trailing_padding = trailingPadding
        parameters.pointee.seek_preroll = seekPreroll
        parameters.pointee.block_align = blockAlign
        av_channel_layout_uninit(&parameters.pointee.ch_layout)
        av_channel_layout_default(&parameters.pointee.ch_layout, 1)
        guard !extradata.isEmpty else { return }
        guard let buffer = av_mallocz(extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))?.assumingMemoryBound(to: UInt8.self) else {
            throw RenderError.allocationFailed(file: file)
        }
        buffer.update(from: extradata, count: extradata.count)
        av_freep(&parameters.pointee.extradata)
        parameters.pointee.extradata = buffer
        parameters.pointee.extradata_size = Int32(extradata.count)
    }
}
