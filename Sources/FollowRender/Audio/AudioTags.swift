import Foundation

/// Metadata written into the audio file where the format carries it.
///
/// MP3 carries all of it (ID3v2: TIT2, TALB, TPE1, TRCK, APIC); WAV, FLAC and
/// Ogg Vorbis carry the text fields through libsndfile but no cover image.
public struct AudioTags: Hashable, Sendable {
    /// The chapter title.
    public var title: String
    /// The book title.
    public var album: String
    /// The book's authors, joined for display.
    public var artist: String
    /// 1-based chapter number; 0 leaves the track unset.
    public var track: Int
    /// Number of chapters; 0 writes the track number alone.
    public var trackCount: Int
    /// The cover image bytes (JPEG, PNG or GIF), written to MP3 as APIC.
    public var cover: Data?
    /// The cover's media type as declared in the EPUB, e.g. `image/jpeg`.
    public var coverMediaType: String?

    public init(title: String, album: String, artist: String, track: Int = 0, trackCount: Int = 0, cover: Data? = nil, coverMediaType: String? = nil) {
        self.title = title
        self.album = album
        self.artist = artist
        self.track = track
        self.trackCount = trackCount
        self.cover = cover
        self.coverMediaType = coverMediaType
    }

    /// The track as tags spell it: `3/12`, `3`, or nil when unset.
    var trackText: String? {
        guard track > 0 else { return nil }
        return trackCount > 0 ? "\(track)/\(trackCount)" : "\(track)"
    }
}
