import CFFmpeg

/// Converts a chapter's samples to the encoder's sample format, rate and
/// channel count (libswresample): eSpeak NG's 22,050 Hz to Opus's 24 kHz.
///
/// Owns the `SwrContext` and its output buffer; frees them in `deinit`.
final class Resampler {
    let inputRate: Int32
    let inputFormat: AVSampleFormat
    let inputChannels: Int32
    private var context: OpaquePointer?
    private var buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
    private var capacity: Int32 = 0
    private var silence: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
    private let outputRate: Int32
    private let outputFormat: AVSampleFormat
    private let outputChannels: Int32
    private let file: String
    /// Whether input and output are the same kind of samples, so they are handed on unconverted.
    let passesThrough: Bool

    /// A resampler from mono samples at `rate` in `format` to `encoder`'s.
    init(rate: Int32, format: AVSampleFormat, to encoder: AudioEncoder, file: String) throws(RenderError) {
        inputRate = rate
        inputFormat = format
        inputChannels = 1
        outputRate = encoder.sampleRate
        outputFormat = encoder.sampleFormat
        outputChannels = 1
        self.file = file
        passesThrough = inputRate == outputRate && inputFormat == outputFormat && inputChannels == outputChannels
        var inLayout = AVChannelLayout(), outLayout = AVChannelLayout()
        av_channel_layout_default(&inLayout, inputChannels)
        av_channel_layout_default(&outLayout, outputChannels)
        try RenderError.check(swr_alloc_set_opts2(&context, &outLayout, outputFormat, outputRate, &inLayout, inputFormat,
                                                     inputRate, 0, nil), .audio, file: file, doing: "cannot set up the resampler")
        try RenderError.check(swr_init(context), .audio, file: file, doing: "cannot start the resampler")
        // 4,096 samples of silence, for the silence the caller asks for.
        try RenderError.check(av_samples_alloc_array_and_samples(&silence, nil, inputChannels, 4096, inputFormat, 0), .audio, file: file, doing: "out of memory")
        av_samples_set_silence(silence, 0, 4096, inputChannels, inputFormat)
    }

    deinit {
        if buffer != nil { av_freep(buffer) }
        av_freep(&buffer)
        if silence != nil { av_freep(silence) }
        av_freep(&silence)
        swr_free(&context)
    }

    /// Converts `count` input samples (nil planes: silence) and hands the result to `body`.
    func convert(_ planes: UnsafePointer<UnsafeMutablePointer<UInt8>?>?, count: Int32,
                 _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, Int32) throws(RenderError) -> Void) throws(RenderError) {
        guard count > 0 else { return }
        var remaining = count
        repeat {
            let chunk = planes == nil ? min(remaining, 4096) : remaining
            guard let source = planes ?? UnsafePointer(silence) else { return }
            remaining -= chunk
            if passesThrough {
                try body(UnsafeMutablePointer(mutating: source), chunk)
                continue
            }
            let needed = Int32(swr_get_out_samples(context, chunk))
            try reserve(needed)
            let input = UnsafeMutableRawPointer(mutating: source).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
            let produced = swr_convert(context, buffer, needed, input, chunk)
            try RenderError.check(produced, .audio, file: file, doing: "cannot resample")
            if produced > 0, let buffer { try body(buffer, produced) }
        } while remaining > 0
    }

    /// Drains the samples still inside the resampler's filter, at the end of the part.
    func flush(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, Int32) throws(RenderError) -> Void) throws(RenderError) {
        guard !passesThrough else { return }
        while true {
            let needed = max(Int32(swr_get_out_samples(context, 0)), 0)
            guard needed > 0 else { return }
            try reserve(needed)
            let produced = swr_convert(context, buffer, needed, nil, 0)
            try RenderError.check(produced, .audio, file: file, doing: "cannot resample")
            guard produced > 0, let buffer else { return }
            try body(buffer, produced)
        }
    }

    private func reserve(_ samples: Int32) throws(RenderError) {
        guard samples > capacity else { return }
        if buffer != nil { av_freep(buffer) }
        av_freep(&buffer)
        capacity = max(samples, 8192)
        try RenderError.check(av_samples_alloc_array_and_samples(&buffer, nil, outputChannels, capacity, outputFormat, 0), .audio, file: file, doing: "out of memory")
    }
}
