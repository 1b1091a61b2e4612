import Foundation

/// Metadata written into the audio file where the format carries it.
///
/// MP3 carries all of it (ID3v2: TIT2, TALB, TPE1, TRCK, APIC); WAV, FLAC and
/// Ogg Vorbis carry the text fields through libsndfile but no cover image.
public struct AudioTags: Hashable, Sendable, Codable {
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

    /// The largest cover embedded in each chapter's audio: a cover is copied
    /// into every chapter file, so a 100 MB image would cost 100 MB a chapter.
    /// A larger one is left out of the chapter tags, with one warning for the book
    /// (`coverWarning`); the single-file audiobook embeds it once, up to
    /// `AudiobookMetadata.maximumCoverBytes`.
    public static let maximumCoverBytes = 1 << 20

    /// `cover` if it is small enough to embed in each chapter, else nil.
    public static func embeddable(_ cover: Data?) -> Data? {
        cover.flatMap { $0.count <= maximumCoverBytes ? $0 : nil }
    }

    /// The warning for a book whose cover is left out of the chapter tags
    /// (and of the audiobook's, when `audiobook`), or nil.
    public static func coverWarning(size: Int, audiobook: Bool) -> BookWarning? {
        guard size > maximumCoverBytes else { return nil }
        let everywhere = audiobook && size > AudiobookMetadata.maximumCoverBytes
        return BookWarning("the cover (\(size >> 20) MB) is larger than the \(maximumCoverBytes >> 20) MB embedded in each chapter's audio: "
            + "left out of the chapters' tags" + (everywhere ? " and of the audiobook's" : ""), kind: .coverTooLarge)
    }

    /// The track as tags spell it: `3/12`, `3`, or nil when unset.
    var trackText: String? {
        guard track > 0 else { return nil }
        return trackCount > 0 ? "\(track)/\(trackCount)" : "\(track)"
    }
}
