/// The rule families of the normalization stage, as counted by
/// `inspect --normalization` and listed in docs/normalization.md.
public enum NormalizationFamily: String, CaseIterable, Hashable, Sendable, Codable {
    case romanNumeral = "roman-numeral"
    case money
    case abbreviation
    case year
    case date
    case ordinal
    case fraction
    case range
    case unit
    case percent
    case clock
}

/// One decision of a rule: a rewrite of shown text, or a candidate a
/// false-positive guard refused (left for eSpeak NG to read as written).
public struct NormalizationEvent: Hashable, Sendable {
    public var family: NormalizationFamily
    public var language: String
    /// The shown text the rule looked at.
    public var shown: String
    /// What is spoken instead; nil when refused.
    public var spoken: String?
    /// Why a candidate was refused (the guard's name).
    public var guardName: String?
    /// The shown text around it, for review.
    public var context: String = ""
}
