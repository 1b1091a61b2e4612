/// A span of narration text in UTF-16 code units, as `NSRange` counts them,
/// so that a player using `NSString` offsets lands on the same characters.
///
/// Serialized as a two-element array `[location, length]`.
public struct TextRange: Hashable, Sendable, Comparable {
    /// Offset of the first code unit.
    public var location: Int
    /// Number of UTF-16 code units.
    public var length: Int

    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// One past the last code unit.
    public var end: Int { location + length }

    /// Whether `offset` falls inside the range.
    public func contains(_ offset: Int) -> Bool { offset >= location && offset < end }

    /// Whether `other` lies entirely inside this range.
    public func contains(_ other: TextRange) -> Bool { other.location >= location && other.end <= end }

    public static func < (lhs: TextRange, rhs: TextRange) -> Bool {
        (lhs.location, lhs.length) < (rhs.location, rhs.length)
    }
}

extension TextRange: Codable {
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        location = try container.decode(Int.self)
        length = try container.decode(Int.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(location)
        try container.encode(length)
    }
}
