import Foundation

/// Paths inside an EPUB container: checking archive entry names and resolving
/// the relative hrefs documents use into container paths.
enum ContainerPath {
    /// A resolved href: a container path and the fragment after `#`, if any.
    struct Reference: Hashable {
        var path: String
        var fragment: String?
    }

    /// Refuses an entry name that would escape the container if extracted:
    /// absolute, with a drive letter, with a `..` component or a NUL.
    static func checkEntryName(_ name: String) throws(BookError) {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\\", omittingEmptySubsequences: false) }
        if name.hasPrefix("/") || name.hasPrefix("\\") {
            throw BookError(.unsafe, file: name, "absolute path in the archive")
        }
        if components.first.map({ $0.count == 2 && $0.hasSuffix(":") }) == true {
            throw BookError(.unsafe, file: name, "drive letter in the archive path")
        }
        if components.contains("..") {
            throw BookError(.unsafe, file: name, "path climbs out of the archive with '..'")
        }
        if name.contains("\0") || name.isEmpty {
            throw BookError(.unsafe, "archive entry with an empty or NUL-containing name")
        }
    }

    /// The folder of a container path, with trailing slash, or "" at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Resolves `href` as written in the document at `base` (a container path).
    ///
    /// A bare fragment refers to `base` itself. Returns nil for references
    /// outside the book (`http:`, `mailto:` …). Throws when the reference climbs out of the container.
    /// `document` names the referring file in messages when it is not `base`.
    static func resolve(_ href: String, from base: String, document: String? = nil) throws(BookError) -> Reference? {
        var reference = href.trimmingCharacters(in: .whitespacesAndNewlines)
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            let raw = String(reference[reference.index(after: hash)...])
            fragment = raw.isEmpty ? nil : (raw.removingPercentEncoding ?? raw)
            reference = String(reference[..<hash])
        }
        if let query = reference.firstIndex(of: "?") { reference = String(reference[..<query]) }
        if reference.isEmpty {
            return fragment == nil || base.isEmpty ? nil : Reference(path: base, fragment: fragment)
        }
        guard !hasScheme(reference) else { return nil }
        let decoded = reference.removingPercentEncoding ?? reference
        let joined = decoded.hasPrefix("/") ? decoded : directory(of: base) + decoded
        var components: [Substring] = []
        for component in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard components.popLast() != nil else {
                    throw BookError(.unsafe, "\(document ?? base): reference '\(href)' points outside the book")
                }
            default: components.append(component)
            }
        }
        guard !components.isEmpty else { return nil }
        return Reference(path: components.joined(separator: "/"), fragment: fragment)
    }

    /// Whether `reference` starts with a URL scheme such as `http:`.
    private static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
