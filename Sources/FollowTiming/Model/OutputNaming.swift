import Foundation

/// File names in a rendered folder: `NNN-slug.EXT` and `NNN-slug.timing.json`,
/// NNN being the 1-based spine position, so files sort in reading order.
public enum OutputNaming {
    /// The manifest of a rendered folder.
    public static let manifestFile = "book.json"
    /// The playlist of the chapter files.
    public static let playlistFile = "book.m3u8"

    /// The shared stem of a chapter's files, e.g. `003-down-the-rabbit-hole`.
    public static func stem(index: Int, title: String) -> String {
        String(format: "%03d", index) + "-" + slug(title, fallback: "chapter")
    }

    /// `NNN-slug.timing.json`, a chapter's sidecar.
    public static func timingFile(index: Int, title: String) -> String {
        stem(index: index, title: title) + ".timing.json"
    }

    /// Whether `name` has the shape of a chapter file this program writes:
    /// `NNN-slug.EXT` (EXT lowercase letters and digits) or, with
    /// `timing`, `NNN-slug.timing.json`. Readers of `book.json` and the
    /// sidecars accept no other name, so nothing a user or an attacker wrote
    /// there can become a path out of the folder or a URL with a scheme.
    public static func isChapterFile(_ name: String, timing: Bool) -> Bool {
        let suffix = ".timing.json"
        var rest = Substring(name)
        if timing {
            guard rest.hasSuffix(suffix) else { return false }
            rest = rest.dropLast(suffix.count)
        } else {
            guard let dot = rest.lastIndex(of: "."), case let ext = rest[rest.index(after: dot)...],
                  (1...8).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) else { return false }
            rest = rest[..<dot]
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let slug = rest.dropFirst(digits.count)
        guard (3...7).contains(digits.count), slug.first == "-", case let words = slug.dropFirst(),
              (1...80).contains(words.count), words.first != "-", words.last != "-", !words.contains("--") else { return false }
        return words.allSatisfy { $0 == "-" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) }
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
