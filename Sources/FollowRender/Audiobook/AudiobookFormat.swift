/// The single-file formats `--audiobook` writes, chosen by the path's extension.
public enum AudiobookFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// AAC-LC in MP4 marked as an audiobook: QuickTime chapter track and Nero `chpl`.
    case m4b
    /// AAC-LC in MP4 with the same chapters, for players that ignore `.m4b`.
    case m4a
    /// One gapless LAME stream with an ID3v2.3 tag holding CHAP and CTOC frames.
    case mp3
    /// Ogg Opus with `CHAPTERxxx` Vorbis comments.
    case opus

    /// The format of `path`, from its extension; nil when it names none of these.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// Whether the file is an MP4 (M4B, M4A), whose chapters and tags go in the index at the end.
    var isMP4: Bool { self == .m4b || self == .m4a }

    /// FFmpeg's muxer: `ipod` is the MP4 flavour iTunes and Apple Books expect (M4A/M4B).
    var muxerName: String {
        switch self {
        case .m4b, .m4a: "ipod"
        case .mp3: "mp3"
        case .opus: "opus"
        }
    }

    var encoderName: String {
        switch self {
        case .m4b, .m4a: "aac"
        case .mp3: "libmp3lame"
        case .opus: "libopus"
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
    /// higher signal-to-distortion ratio and a third less CPU (figures in the README).
    var rateControl: RateControl {
        switch self {
        case .m4b, .m4a: .quality(0.9)
        case .mp3: .bitrate(64_000)
        case .opus: .bitrate(32_000)
        }
    }

    /// Encoder options, chosen for speed on speech (CPU seconds for 30 minutes of
    /// eSpeak NG speech, and the signal-to-distortion ratio against it, in the README):
    /// FFmpeg's AAC with the fast coder and no TNS or PNS (the default two-loop
    /// search costs four times as much), coding up to 8 kHz (a fifth less CPU;
    /// eSpeak NG's speech has 30 dB less energy above it than in all); LAME at quality 7 (half the CPU of
    /// quality 3, no loss measurable on speech at 64 kbps); Opus at complexity 3
    /// (a third of its default 10).
    var encoderOptions: [(String, String)] {
        switch self {
        case .m4b, .m4a: [("aac_coder", "fast"), ("aac_pns", "0"), ("aac_tns", "0"), ("cutoff", "8000")]
        case .mp3: [("compression_level", "7")]
        case .opus: [("compression_level", "3")]
        }
    }

    /// The encoder's sample rate for input at `rate`: Opus takes 8, 12, 16, 24 or 48 kHz only.
    func sampleRate(forInput rate: Int32) -> Int32 {
        guard self == .opus else { return rate }
        return [8000, 12000, 16000, 24000].first { $0 >= rate } ?? 48000
    }

    /// The cue sheet's `FILE` type for this format.
    var cueFileType: String { self == .mp3 ? "MP3" : "WAVE" }
}
