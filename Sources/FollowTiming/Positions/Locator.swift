/// A Readium Locator (readium/architecture `models/locators`): where a reading
/// position is, in the form Readium-based players restore and share.
///
/// Optional members are left out of the JSON when nil.
public struct Locator: Hashable, Sendable, Codable {
    /// Positions within the resource.
    public struct Locations: Hashable, Sendable, Codable {
        /// Media fragments, e.g. `t=12.345` for a time in an audio resource.
        public var fragments: [String]?
        /// Where in the resource, from 0 to 1.
        public var progression: Double?
        /// Where in the whole publication, from 0 to 1.
        public var totalProgression: Double?

        public init(fragments: [String]? = nil, progression: Double?, totalProgression: Double?) {
            self.fragments = fragments
            self.progression = progression
            self.totalProgression = totalProgression
        }
    }

    /// The text at the position, with some context on each side.
    public struct Text: Hashable, Sendable, Codable {
        public var before: String?
        public var highlight: String?
        public var after: String?

        public init(before: String?, highlight: String?, after: String?) {
            self.before = before
            self.highlight = highlight
            self.after = after
        }
    }

    /// The resource, as the book (or the rendered folder) names it.
    public var href: String
    /// The resource's media type.
    public var type: String
    public var title: String?
    public var locations: Locations
    public var text: Text?

    public init(href: String, type: String, title: String?, locations: Locations, text: Text?) {
        self.href = href
        self.type = type
        self.title = title
        self.locations = locations
        self.text = text
    }

    /// The media type of a rendered audio file or single-file audiobook, from its extension.
    public static func audioType(of file: String) -> String {
        switch file.split(separator: ".").last?.lowercased() {
        case "mp3": "audio/mpeg"
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        case "ogg", "opus": "audio/ogg"
        case "m4b", "m4a": "audio/mp4"
        default: "application/octet-stream"
        }
    }
}
