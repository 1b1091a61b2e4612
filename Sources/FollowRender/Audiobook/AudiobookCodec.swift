/// The codec of a single-file audiobook's audio, which the workers encode from
/// each chapter's PCM (`PacketPartWriter`, or LAME for MP3) while they speak it,
/// so the single file is one lossy generation of the speech.
public enum AudiobookCodec: String, Hashable, Sendable, Codable, CaseIterable {
    /// AAC-LC through FFmpeg's encoder (M4B, M4A).
    case aac
    /// Opus through libopus (Ogg Opus).
    case opus
    /// LAME MP3 streams, joined frame by frame (the chapter MP3s themselves when the chapters are MP3).
    case mp3

    /// FFmpeg's encoder (AAC and Opus; MP3 is encoded with LAME directly, as the chapters are).
    var encoderName: String {
        switch self {
        case .aac: "aac"
        case .opus: "libopus"
        case .mp3: "libmp3lame"
        }
    }

    /// How the encoder spends its bits on eSpeak NG's 22,050 Hz mono speech.
    enum RateControl: Hashable, CustomStringConvertible {
        /// A constant or average bit rate, in bits per second.
        case bitrate(Int)
        /// FFmpeg's variable-bit-rate scale (`-q:a`): the AAC encoder codes each
        /// frame at this quality without its bit-rate loop re-encoding frames.
        case quality(Double)

        /// `64 kbps` or `quality 0.9`, for messages and the cache key.
        var description: String {
            switch self {
            case .bitrate(let bitsPerSecond): "\(bitsPerSecond / 1000) kbps"
            case .quality(let quality): "quality \(quality)"
            }
        }
    }

    /// AAC at quality 0.9: about 60 kbps on speech, as many bits as the 48 kbps
    /// average-rate setting really spent (it overshoots at 22,050 Hz), with a
    /// higher signal-to-distortion ratio and a third less CPU (figures in docs/audiobooks.md).
    var rateControl: RateControl {
        switch self {
        case .aac: .quality(0.9)
        case .mp3: .bitrate(64_000)
        case .opus: .bitrate(32_000)
        }
    }

    /// Encoder options, chosen for speed on speech (CPU seconds for 30 minutes of
    /// eSpeak NG speech, and the signal-to-distortion ratio against it, in docs/audiobooks.md):
    /// FFmpeg's AAC with the fast coder and no TNS or PNS (the default two-loop
    /// search costs four times as much), coding up to 8 kHz (a fifth less CPU;
    /// eSpeak NG's speech has 30 dB less energy above it than in all); Opus at
    /// complexity 3 (a third of its default 10).
    var encoderOptions: [(String, String)] {
        switch self {
        case .aac: [("aac_coder", "fast"), ("aac_pns", "0"), ("aac_tns", "0"), ("cutoff", "8000")]
        case .mp3: [("compression_level", "7")]
        case .opus: [("compression_level", "3")]
        }
    }

    /// The encoder's sample rate for input at `rate`: Opus takes 8, 12, 16, 24 or 48 kHz only.
    func sampleRate(forInput rate: Int32) -> Int32 {
        guard self == .opus else { return rate }
        return [8000, 12000, 16000, 24000].first { $0 >= rate } ?? 48000
    }

    /// The settings that shape the encoded packets, for the cache keys of the parts and of the file.
    var settingsDescription: String {
        "\(rawValue) \(rateControl) " + encoderOptions.map { "\($0)=\($1)" }.joined(separator: ",")
    }
}
