/// How the renderer writes each single-file format.
extension AudiobookFormat {
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

    /// The codec of its audio, encoded from PCM by the workers (see `AudiobookCodec`).
    public var codec: AudiobookCodec {
        switch self {
        case .m4b, .m4a: .aac
        case .mp3: .mp3
        case .opus: .opus
        }
    }

    /// The cue sheet's `FILE` type for this format.
    var cueFileType: String { self == .mp3 ? "MP3" : "WAVE" }
}
