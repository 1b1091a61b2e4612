/// What the normalization rules did to a book (`inspect --normalization`):
/// per language and rule family, how many tokens were rewritten and how many
/// candidates a false-positive guard refused, and an even sample of the
/// rewrites (up to `sampleSize` per language) for review.
public struct NormalizationReport: Sendable {
    public struct Count: Hashable, Sendable, Codable {
        public var language: String
        public var family: NormalizationFamily
        public var rewritten = 0
        public var refused = 0
        /// Refusals by guard ("pronoun I", "model number", …).
        public var guards: [String: Int] = [:]
    }

    public static let sampleSize = 50

    /// By language, then family, in a stable order.
    public private(set) var counts: [Count] = []
    /// Every rewrite seen, by language, in order (sampled by `samples`).
    private var rewrites: [String: [NormalizationEvent]] = [:]

    public init() {}

    /// Adds one decision of a rule.
    public mutating func add(_ event: NormalizationEvent) {
        let index: Int
        if let known = counts.firstIndex(where: { $0.language == event.language && $0.family == event.family }) {
            index = known
        } else {
            counts.append(Count(language: event.language, family: event.family))
            counts.sort { ($0.language, $0.family.rawValue) < ($1.language, $1.family.rawValue) }
            index = counts.firstIndex { $0.language == event.language && $0.family == event.family }!
        }
        if event.spoken != nil {
            counts[index].rewritten += 1
            rewrites[event.language, default: []].append(event)
        } else {
            counts[index].refused += 1
            counts[index].guards[event.guardName ?? "", default: 0] += 1
        }
    }

    /// Adds another report's counts and rewrites (another book).
    public mutating func merge(_ other: NormalizationReport) {
        for language in other.rewrites.keys.sorted() {
            for event in other.rewrites[language]! { add(event) }
        }
        for count in other.counts where count.refused > 0 {
            for (name, times) in count.guards.sorted(by: { $0.key < $1.key }) {
                for _ in 0..<times {
                    add(NormalizationEvent(family: count.family, language: count.language, shown: "", spoken: nil, guardName: name))
                }
            }
        }
    }

    /// Up to `sampleSize` rewrites of `language`, evenly spread over the book(s).
    public func samples(_ language: String) -> [NormalizationEvent] {
        let all = rewrites[language] ?? []
        guard all.count > Self.sampleSize else { return all }
        return (0..<Self.sampleSize).map { all[$0 * all.count / Self.sampleSize] }
    }

    /// The languages with any decision, sorted.
    public var languages: [String] { Array(Set(counts.map(\.language))).sorted() }
}
