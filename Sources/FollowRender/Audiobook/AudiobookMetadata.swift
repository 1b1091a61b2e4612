import Foundation

/// What the single file, its cue sheet and its library folder say about the book.
public struct AudiobookMetadata: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    public var authors: [String]
    /// The eSpeak NG voice, as narrator and composer.
    public var narrator: String
    public var description: String?
    /// The publication year (from `dc:date`), e.g. `1851`.
    public var year: String?
    public var publisher: String?
    public var language: String
    /// The ISBN when the book's identifier is one.
    public var isbn: String?
    /// Always `Audiobook`, which Apple Books and Audiobookshelf sort by.
    public var genre = "Audiobook"
    /// The cover image (JPEG or PNG; other types are left out).
    public var cover: Data?
    public var coverIsPNG = false

    public init(title: String, subtitle: String? = nil, authors: [String], narrator: String, description: String? = nil,
                year: String? = nil, publisher: String? = nil, language: String, isbn: String? = nil, cover: Data? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.narrator = narrator
        self.description = description
        self.year = year
        self.publisher = publisher
        self.language = language
        self.isbn = isbn
        self.cover = nil
        setCover(cover)
    }

    /// The book's metadata, with the cover read from `archive` when it is JPEG or PNG.
    public init(book: Book, archive: EPUBArchive?, narrator: String) {
        let data = book.metadata
        let digits = data.identifier.filter(\.isNumber)
        let isISBN = data.identifier.lowercased().contains("isbn") || (digits.count == 13 && data.identifier.count <= 17)
        self.init(title: data.title, authors: data.creators, narrator: narrator, description: data.description,
                  year: data.date.flatMap { date in date.count >= 4 ? String(date.prefix(4)) : nil },
                  publisher: data.publisher, language: data.language, isbn: isISBN ? digits : nil,
                  cover: data.coverPath.flatMap { try? archive?.data(at: $0) })
    }

    /// The authors joined for display tags.
    var artist: String { authors.joined(separator: ", ") }

    /// The largest cover the single-file audiobook embeds (once); a larger one is left out.
    public static let maximumCoverBytes = 8 << 20

    private mutating func setCover(_ data: Data?) {
        guard let data, data.count > 8, data.count <= Self.maximumCoverBytes else { return }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            cover = data
        } else if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            cover = data
            coverIsPNG = true
        }
    }

    /// The generic FFmpeg tag keys the muxers map to their own atoms and comments.
    func containerTags(format: AudiobookFormat) -> [(String, String)] {
        var tags: [(String, String)] = [
            ("title", title), ("album", title), ("artist", artist), ("album_artist", artist), ("composer", narrator),
            ("genre", genre), ("date", year ?? ""), ("comment", description ?? ""), ("description", description ?? ""),
            ("publisher", publisher ?? ""), ("language", language),
        ]
        if format == .m4b || format == .m4a { tags += [("media_type", "2"), ("gapless_playback", "1")] }
        if format == .opus, let cover { tags.append(("METADATA_BLOCK_PICTURE", FLACPicture.base64(cover, isPNG: coverIsPNG))) }
        return tags
    }
}

/// A FLAC `METADATA_BLOCK_PICTURE` (front cover), as Ogg Opus carries the cover in a comment.
enum FLACPicture {
    static func base64(_ image: Data, isPNG: Bool) -> String {
        var block: [UInt8] = []
        func word(_ value: Int) { block += [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        let mime = Array((isPNG ? "image/png" : "image/jpeg").utf8)
        word(3)
        word(mime.count)
        block += mime
        word(0)
        for _ in 0..<4 { word(0) }
        word(image.count)
        block += image
        return Data(block).base64EncodedString()
    }
}
