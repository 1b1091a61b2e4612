/// A URL the web player's pages point at: a file beside the page, as a
/// percent-encoded relative reference. It is the only way a link target
/// (`href`, `src`) or a page the scripts navigate to (`location`) is written.
///
/// Names come from `book.json` and the sidecars, which a user (or an attacker)
/// may have edited, so a name is accepted only as a plain file name (no folder,
/// no leading dot, no control character) and every byte outside RFC 3986's
/// unreserved set is percent-encoded: `:` becomes `%3A`, so `javascript:…` or
/// `data:…` is a file name in the folder, never a scheme, and `/` never
/// appears in a file name, so neither does `//host` (a relative path joins
/// checked names with `/`, never starting with one).
struct RelativeLink: Hashable, Sendable, CustomStringConvertible {
    /// The encoded reference, safe in an attribute, in JSON and in a script.
    let encoded: String

    /// The link to the file `name` in the page's own folder; nil for anything else.
    init?(fileName name: String) {
        guard !name.isEmpty, !name.hasPrefix("."), name != "..",
              !name.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return nil }
        var encoded = ""
        for byte in name.utf8 {
            if Self.unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        self.encoded = encoded
    }

    /// The link to a file at the relative path `path` (`/`-separated plain
    /// names, `..` allowed: the single file a `--format none` render's
    /// sidecars name may sit beside the folder); nil for anything else.
    init?(relativePath path: String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var encoded: [String] = []
        for segment in segments {
            if segment == ".." {
                encoded.append(segment)
            } else if let link = RelativeLink(fileName: segment) {
                encoded.append(link.encoded)
            } else {
                return nil
            }
        }
        self.encoded = encoded.joined(separator: "/")
    }

    var description: String { encoded }

    /// `A-Z a-z 0-9 - . _ ~`: the bytes a URL carries as they are.
    private static let unreserved: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
}
