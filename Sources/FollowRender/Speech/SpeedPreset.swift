import Foundation

/// A narration speed: `2x` takes half the time of `1x`, with the eSpeak rate
/// that achieves it.
public struct SpeedPreset: Hashable, Sendable, Codable {
    /// The speed as written, e.g. `2x`, `0.85x`, `1.37x`.
    public var name: String
    /// How much faster than `1x` the speech is.
    public var speed: Double
    /// The eSpeak NG rate (words per minute) giving that speed.
    public var wpm: Int

    public init(name: String, speed: Double, wpm: Int) {
        self.name = name
        self.speed = speed
        self.wpm = wpm
    }

    /// The canonical name of `speed`: up to two decimals, no trailing zeros, then `x`.
    public static func name(forSpeed speed: Double) -> String {
        var text = String(format: "%.2f", speed)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "x"
    }

    /// The speed a name stands for: `2x`, `1.37x`, `1.37` or `1.37X`; nil when not a positive number.
    public static func speed(named name: String) -> Double? {
        var text = name.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasSuffix("x") { text.removeLast() }
        guard let speed = Double(text), speed.isFinite, speed > 0 else { return nil }
        return speed
    }
}
