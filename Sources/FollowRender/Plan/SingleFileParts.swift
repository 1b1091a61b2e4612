import CFFmpeg
import Foundation

/// The single-file audiobook a render encodes chapter parts for (`--audiobook`,
/// `--library`), and the names of those parts in the rendered folder.
///
/// A chapter's part (`PacketPart` for AAC and Opus, a LAME stream for MP3)
/// is kept as a hidden file named by its own key, `.NNN-slug.KEY.CODEC-part`,
/// beside the chapter's files: a rerun that keeps the chapter muxes it again
/// without speaking it, and one whose part is missing (the render had no
/// `--audiobook`, or another format) speaks the chapter again. When the
/// chapters are MP3 and so is the single file, the chapter MP3 is its part.
public struct SingleFileParts: Hashable, Sendable {
    public var codec: AudiobookCodec
    /// The single file's path, absolute (sidecars of a `--format none` render name it).
    public var path: String

    public init(codec: AudiobookCodec, path: String) {
        self.codec = codec
        self.path = path
    }

    /// Whether chapters rendered in `format` need a part of their own (not when the chapter MP3 serves).
    func needsPart(format: AudioFormat?) -> Bool { !(codec == .mp3 && format == .mp3) }

    /// The part file of the chapter whose files start with `stem` and whose key is `chapterKey`.
    func partFile(stem: String, chapterKey: String) -> String {
        Self.partFile(stem: stem, chapterKey: chapterKey, codec: codec)
    }

    /// The part file in `codec` of the chapter whose files start with `stem` and whose key is `chapterKey`.
    static func partFile(stem: String, chapterKey: String, codec: AudiobookCodec) -> String {
        var hash = FNV1a()
        hash.add(chapterKey)
        hash.add(codec.settingsDescription)
        hash.add(codec == .mp3 ? AudioEncoders.lameVersion : String(avcodec_version()))
        return ".\(stem).\(hash.hex).\(codec.rawValue)-part"
    }

    /// Whether `name` is a part file of the chapter with file stem `stem` (any key, any codec).
    static func isPart(_ name: String, stem: String) -> Bool {
        guard name.hasPrefix(".\(stem)."), name.hasSuffix("-part") else { return false }
        let rest = name.dropFirst(stem.count + 2).dropLast("-part".count).split(separator: ".")
        return rest.count == 2 && rest[0].count == 16 && rest[0].allSatisfy(\.isHexDigit)
            && AudiobookCodec(rawValue: String(rest[1])) != nil
    }

    /// The single file's path relative to `folder` (with `..` where it lies outside), as a sidecar names it.
    func relativePath(from folder: String) -> String { Self.relativePath(of: path, from: folder) }

    /// `path` relative to `folder`, with `..` where it lies outside.
    static func relativePath(of path: String, from folder: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let common = zip(base, target).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: base.count - common) + target.dropFirst(common)).joined(separator: "/")
    }
}
