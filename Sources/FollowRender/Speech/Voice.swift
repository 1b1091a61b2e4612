/// An installed eSpeak NG voice.
public struct Voice: Hashable, Sendable, Codable {
    /// Who the voice sounds like, as eSpeak NG declares it.
    public enum Gender: String, Hashable, Sendable, Codable {
        case unspecified, male, female
    }

    /// The display name, e.g. `English (America)`; accepted by `SpeechEngine.synthesize`.
    public var name: String
    /// Language tags the voice serves (lower case, eSpeak spelling such as `en-us`),
    /// most specific first, as listed in the voice file.
    public var languages: [String]
    /// eSpeak's priority for each entry of `languages`: lower means preferred.
    public var priorities: [Int]
    /// The voice file within `espeak-ng-data/voices`, e.g. `gmw/en-US`; also accepted by `synthesize`.
    public var identifier: String
    public var gender: Gender

    public init(name: String, languages: [String], priorities: [Int], identifier: String, gender: Gender) {
        self.name = name
        self.languages = languages
        self.priorities = priorities
        self.identifier = identifier
        self.gender = gender
    }
}
