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
