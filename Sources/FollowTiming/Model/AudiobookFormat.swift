/// The single-file formats `--audiobook` writes, chosen by the path's extension;
/// `book.json`'s `audiobook.format`.
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
}
