/// Streams mono 16-bit samples into a file, sentence by sentence; memory does
/// not grow with the length of the audio.
///
/// Write any number of buffers, then call `finish()` exactly once. A writer
/// dropped without `finish()` closes its file, leaving it incomplete.
public protocol AudioWriter: AnyObject {
    /// Encodes and writes `samples`, mono, at the writer's sample rate.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(RenderError)

    /// Flushes and closes the file; returns its duration in samples at the
    /// writer's sample rate, as players and ffprobe report it.
    ///
    /// For PCM formats, FLAC and Vorbis this is the number of samples written.
    /// For MP3 it is a whole number of frames: ffprobe's duration counts every
    /// frame, including encoder delay and end padding, even when gapless
    /// players trim them (see `MP3Writer`).
    func finish() throws(RenderError) -> Int

    /// Samples a decoder plays before the first sample written (encoder
    /// delay that decoders do not remove); 0 for PCM formats. Add it to every
    /// time computed from sample counts.
    var leadingSamples: Int { get }
}

extension AudioWriter {
    /// Encodes and writes `samples`.
    public func write(_ samples: [Int16]) throws(RenderError) {
        try write(samples[...])
    }

    /// Encodes and writes `samples`.
    public func write(_ samples: ArraySlice<Int16>) throws(RenderError) {
        let result: Result<Void, RenderError> = samples.withUnsafeBufferPointer { buffer in
            Result { () throws(RenderError) in try write(buffer) }
        }
        try result.get()
    }
}

/// Creates the writer for `format`, writing to exactly `path` (replacing any
/// file there).
///
/// - Parameters:
///   - sampleRate: samples per second of the mono input, e.g. 22050 from eSpeak NG.
///   - bitrate: MP3 CBR bitrate in kbps (see `MP3Writer.defaultBitrate`); ignored
///     by the other formats.
public func makeAudioWriter(format: AudioFormat, path: String, sampleRate: Int, bitrate: Int, tags: AudioTags) throws(RenderError) -> any AudioWriter {
    switch format {
    case .mp3:
        return try MP3Writer(path: path, sampleRate: sampleRate, bitrate: bitrate, tags: tags)
    case .wav, .flac, .ogg:
        return try SoundFileWriter(format: format, path: path, sampleRate: sampleRate, tags: tags)
    }
}
