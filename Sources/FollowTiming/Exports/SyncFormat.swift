import Foundation

/// A synchronized-text format `render --sync` can write beside each sidecar.
public enum SyncFormat: String, CaseIterable, Hashable, Sendable {
    case vtt
    case srt
    case guided

    /// What follows the chapter's `NNN-slug` stem.
    public var fileSuffix: String {
        switch self {
        case .vtt: ".vtt"
        case .srt: ".srt"
        case .guided: ".guided.json"
        }
    }

    /// The formats in a comma-separated list such as `vtt,srt,guided`, in
    /// this enum's order; nil when a name is unknown or the list is empty.
    public static func list(_ text: String) -> [SyncFormat]? {
        var chosen: Set<SyncFormat> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let format = SyncFormat(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else { return nil }
            chosen.insert(format)
        }
        return chosen.isEmpty ? nil : allCases.filter(chosen.contains)
    }
}
