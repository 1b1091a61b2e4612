import Foundation

/// Small text helpers shared by the documents the overlay writer generates:
/// SMIL clock values and relative hrefs between container paths.
enum OverlayText {
    /// A SMIL clip time such as `12.345s`.
    static func clipTime(milliseconds: Int) -> String {
        String(format: "%d.%03ds", milliseconds / 1000, milliseconds % 1000)
    }

    /// A full clock value such as `0:01:23.456`, as `media:duration` wants it.
    static func clock(milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        return String(format: "%d:%02d:%02d.%03d", seconds / 3600, seconds / 60 % 60, seconds % 60, milliseconds % 1000)
    }

    /// The href from the document at container path `base` to container path `target`, percent-encoded.
    static func href(from base: String, to target: String) -> String {
        var baseParts = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        var targetParts = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while let first = baseParts.first, targetParts.count > 1, first == targetParts.first {
            baseParts.removeFirst()
            targetParts.removeFirst()
        }
        let parts = Array(repeating: "..", count: baseParts.count) + targetParts
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? $0 }.joined(separator: "/")
    }

    private static let pathCharacters: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        set.insert(charactersIn: "-._~!$'()*+,;=:@")
        return set
    }()
}
