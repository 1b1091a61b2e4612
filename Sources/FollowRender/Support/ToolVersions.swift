/// The versions of follow-render and of the libraries it was linked with, as
/// `follow-render --version` prints them (a bug report names them all).
///
/// Each library's version is read by the Swift type that wraps it
/// (`SpeechEngine`, `AudiobookMuxer`, `AudioEncoders`, `BreakIterator`) from
/// the library itself, not from its headers, so a binary run against newer
/// Debian libraries reports what it really loaded. Nothing is initialised:
/// this works without eSpeak NG's data.
public struct ToolVersions: Sendable, Equatable {
    public var followRender: String
    public var espeakNG: String
    public var ffmpeg: String
    public var lame: String
    public var icu: String

    /// The versions of the running binary and of the libraries it loaded.
    public static func current() -> ToolVersions {
        ToolVersions(followRender: FollowRenderVersion.current,
                     espeakNG: SpeechEngine.libraryVersion,
                     ffmpeg: AudiobookMuxer.ffmpegVersion,
                     lame: AudioEncoders.lameVersion,
                     icu: BreakIterator.icuVersion)
    }

    /// One line per component: `follow-render 0.1.0`, then each library with its version.
    public var lines: [String] {
        ["follow-render \(followRender)", "eSpeak NG \(espeakNG)", "FFmpeg \(ffmpeg)", "LAME \(lame)", "ICU \(icu)"]
    }
}
