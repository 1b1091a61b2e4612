import CFFmpeg

/// Encodes a chapter's PCM, as it is spoken, into its part of the
/// single-file audiobook (`PacketPart`): AAC for M4B/M4A, Opus for Ogg Opus,
/// through FFmpeg's encoders, in the worker that speaks the chapter. The
/// parent only muxes the parts, so the single file is one lossy generation of
/// the speech, and its encoding is spread over the workers.
///
/// `leadingSilence` samples of silence go in before the first sample written:
/// the chapter file's own lead (an MP3 without an info tag plays its encoder
/// delay first), so that a time in the chapter file is the same time from the
/// part's start.
final class PacketPartWriter: AudioWriter {
    let leadingSamples = 0
    private let encoder: AudioEncoder
    private let converter: Resampler
    private let output: PacketPart.Output
    private let inputRate: Int
    /// The one plane of mono 16-bit input handed to the converter.
    private let plane = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: 1)
    /// Samples given to the encoder, at its rate.
    private var encoded: Int64 = 0
    private var finished = false

    init(path: String, codec: AudiobookCodec, sampleRate: Int, leadingSilence: Int) throws(RenderError) {
        inputRate = sampleRate
        encoder = try AudioEncoder(codec: codec, inputRate: Int32(sampleRate), inputFormat: AV_SAMPLE_FMT_S16, file: path)
        converter = try Resampler(rate: Int32(sampleRate), format: AV_SAMPLE_FMT_S16, to: encoder, file: path)
        guard let parameters = encoder.parameters else { throw RenderError(.audio, file: path, "the encoder did not start") }
        output = try PacketPart.Output(path: path, parameters: parameters)
        plane.initialize(to: nil)
        if leadingSilence > 0 { try convert(nil, count: leadingSilence) }
    }

    deinit {
        plane.deinitialize(count: 1)
        plane.deallocate()
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(RenderError) {
        guard !finished else { throw RenderError(.audio, file: output.path, "write after finish") }
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        plane.pointee = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
        defer { plane.pointee = nil }
        try convert(UnsafePointer(plane), count: samples.count)
    }

    /// Drains the converter and the encoder and closes the part; returns the
    /// samples its packets decode to, at the input's rate (whole frames:
    /// 1,024 samples for AAC, 441 at 22,050 Hz for a 20 ms Opus frame).
    func finish() throws(RenderError) -> Int {
        guard !finished else { throw RenderError(.audio, file: output.path, "finish called twice") }
        finished = true
        let emit = { [self] (packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) in try output.append(packet) }
        try converter.flush { [self] out, produced throws(RenderError) in
            encoded += Int64(produced)
            try encoder.write(out, count: produced, emit: emit)
        }
        try encoder.finish(emit: emit)
        try output.finish(samples: encoded)
        return Int(output.packets * Int64(encoder.frameSize) * Int64(inputRate) / Int64(encoder.sampleRate))
    }

    /// Converts `count` input samples (nil planes: silence) and encodes them.
    private func convert(_ planes: UnsafePointer<UnsafeMutablePointer<UInt8>?>?, count: Int) throws(RenderError) {
        let emit = { [self] (packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) in try output.append(packet) }
        try converter.convert(planes, count: Int32(count)) { [self] out, produced throws(RenderError) in
            encoded += Int64(produced)
            try encoder.write(out, count: produced, emit: emit)
        }
    }
}
