import Foundation

/// File names in a rendered folder: `NNN-slug.EXT` and `NNN-slug.timing.json`,
/// NNN being the 1-based spine position, so files sort in reading order.
public enum OutputNaming {
    public static let manifestFile = "book.json"
    public static let playlistFile = "book.m3u8"

    /// The shared stem of a chapter's files, e.g. `003-down-the-rabbit-hole`.
    public static func stem(index: Int, title: String) -> String {
        String(format: "%03d", index) + "-" + slug(title, fallback: "chapter")
    }

    public static func audioFile(index: Int, title: String, format: AudioFormat) -> String {
        stem(index: index, title: title) + "." + format.fileExtension
    }

    public static func timingFile(index: Int, title: String) -> String {
        stem(index: index, title: title) + ".timing.json"
    }

    /// Lowercase ASCII letters and digits joined by hyphens, at most 40 characters.
    public static func slug(_ text: String, fallback: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en"))
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
            if slug.count >= 40 { break }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? fallback : slug
    }
}
