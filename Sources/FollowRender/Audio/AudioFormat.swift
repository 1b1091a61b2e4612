/// The audio file formats a chapter can be rendered to.
public enum AudioFormat: String, CaseIterable, Sendable, Codable {
    /// MPEG-1/2 Layer III through LAME, CBR, with ID3v2 tags and a LAME info tag.
    case mp3
    /// RIFF WAVE, 16-bit PCM, through libsndfile.
    case wav
    /// FLAC, 16-bit, through libsndfile.
    case flac
    /// Ogg Vorbis through libsndfile.
    case ogg

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }
}
