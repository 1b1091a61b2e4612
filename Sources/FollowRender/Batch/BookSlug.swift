/// The output folder name of each book in a batch: the file name without its
/// extension, lowercased, runs of anything but ASCII letters and digits made
/// one `-`. Books whose names give the same slug get a hash of their full path
/// appended, so a slug depends only on the list, never on which task runs it.
public enum BookSlug {
    /// Slugs for `paths`, in the same order.
    public static func make(_ paths: [String]) -> [String] {
        let plain = paths.map(base)
        var counts: [String: Int] = [:]
        for slug in plain { counts[slug, default: 0] += 1 }
        return zip(paths, plain).map { path, slug in
            counts[slug, default: 0] > 1 ? slug + "-" + fnv(path) : slug
        }
    }

    static func base(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "book" : slug
    }

    /// 32-bit FNV-1a of the path, as 8 hex digits.
    private static func fnv(_ text: String) -> String {
        var hash: UInt32 = 0x811c_9dc5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
