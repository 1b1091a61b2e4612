import Foundation

/// A time in the audio, in seconds, computed from sample counts.
///
/// Serialized as a JSON number rounded to the millisecond, always printed the
/// same way, so sidecars are byte-for-byte reproducible.
public struct Seconds: Hashable, Sendable, Comparable {
    /// Seconds from the start of the audio the sidecar times.
    public var value: Double

    public init(_ value: Double) { self.value = value }

    /// The time of sample `sample` at `sampleRate` samples per second.
    public init(samples sample: Int, sampleRate: Int) { value = Double(sample) / Double(sampleRate) }

    /// Whole milliseconds, rounded half away from zero.
    public var milliseconds: Int { Int((value * 1000).rounded()) }

    public static func < (lhs: Seconds, rhs: Seconds) -> Bool { lhs.value < rhs.value }
}

extension Seconds: Codable {
    public init(from decoder: Decoder) throws {
        value = try decoder.singleValueContainer().decode(Double.self)
    }

    public func encode(to encoder: Encoder) throws {
        // Whole milliseconds over 1,000 as a Double: Foundation's encoder prints the
        // shortest decimal that reads back as the same Double, which is the exact
        // quotient's digits (SecondsTests compares it with `Decimal`'s), at a fifth
        // of `Decimal`'s cost; a sidecar holds hundreds of thousands of times.
        var container = encoder.singleValueContainer()
        try container.encode(Double(milliseconds) / 1000)
    }
}
