import Foundation

/// The calibrated mapping from narration speed to eSpeak NG rate, read from
/// `Presets/speed-presets.json`.
///
/// eSpeak's rate is not proportional to speed (and above 449 wpm `SpeechEngine`
/// speeds its fastest native rate up through libsonic), so each named preset
/// was measured: the voiced duration of `Presets/reference-passage.txt` at the
/// preset's rate is the `1x` duration divided by the speed, within 3%. `follow-render calibrate`
/// re-measures the table. Speeds between presets are interpolated.
public struct SpeedTable: Sendable, Codable {
    /// The speeds allowed, named presets or in between.
    public static let speedRange = 0.5...4.0
    /// The named presets, evenly spaced on a logarithmic scale.
    public static let presetSpeeds: [Double] = [0.5, 0.6, 0.7, 0.85, 1, 1.2, 1.4, 1.7, 2, 2.4, 2.8, 3.4, 4]

    /// One calibration point: a preset and the speed measured at its rate.
    public struct Point: Hashable, Sendable, Codable {
        public var name: String
        public var speed: Double
        public var wpm: Int
        /// duration(1x) / duration(at `wpm`) as measured by the calibration.
        public var measuredSpeed: Double

        public init(name: String, speed: Double, wpm: Int, measuredSpeed: Double) {
            self.name = name
            self.speed = speed
            self.wpm = wpm
            self.measuredSpeed = measuredSpeed
        }
    }

    /// How the table was measured, for people reading the file.
    public var about: String
    /// eSpeak NG version and voice used for the measurement.
    public var engine: String
    public var voice: String
    /// File in `Presets/` holding the reference passage.
    public var passage: String
    /// Calibration points, by increasing speed.
    public var points: [Point]

    public init(about: String, engine: String, voice: String, passage: String, points: [Point]) {
        self.about = about
        self.engine = engine
        self.voice = voice
        self.passage = passage
        self.points = points.sorted { $0.speed < $1.speed }
    }

    /// The table shipped in `Presets/speed-presets.json`.
    public static func standard() throws -> SpeedTable {
        let url = try PresetsFile.url(named: "speed-presets.json")
        let table = try JSONCoding.decode(SpeedTable.self, from: Data(contentsOf: url))
        guard table.points.count >= 2,
              zip(table.points, table.points.dropFirst()).allSatisfy({ $0.speed < $1.speed && $0.wpm < $1.wpm })
        else { throw RenderError(.presets, "\(url.path) needs at least two presets with increasing speed and wpm") }
        return table
    }

    /// The reference passage the table was calibrated with.
    public static func referencePassage() throws -> String {
        let url = try PresetsFile.url(named: "reference-passage.txt")
        return try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The named presets, slowest first.
    public var presets: [SpeedPreset] { points.map { SpeedPreset(name: $0.name, speed: $0.speed, wpm: $0.wpm) } }

    /// The rate for `speed`, interpolated linearly between calibration points on
    /// a log-log scale (log wpm against log speed), clamped to the table's ends.
    public func wpm(forSpeed speed: Double) -> Int {
        guard let first = points.first, let last = points.last else { return 175 }
        if speed <= first.speed { return first.wpm }
        if speed >= last.speed { return last.wpm }
        let upper = points.firstIndex { $0.speed >= speed }!
        let high = points[upper]
        if high.speed == speed { return high.wpm }
        let low = points[upper - 1]
        let fraction = log(speed / low.speed) / log(high.speed / low.speed)
        return Int((exp(log(Double(low.wpm)) + fraction * log(Double(high.wpm) / Double(low.wpm)))).rounded())
    }

    /// The preset called `name` (`2x`), or one made for any speed in
    /// `speedRange` (`1.37x`); nil for other names.
    public func preset(named name: String) -> SpeedPreset? {
        guard let speed = SpeedPreset.speed(named: name), Self.speedRange.contains(speed) else { return nil }
        if let point = points.first(where: { abs($0.speed - speed) < 1e-9 }) {
            return SpeedPreset(name: point.name, speed: point.speed, wpm: point.wpm)
        }
        return SpeedPreset(name: SpeedPreset.name(forSpeed: speed), speed: speed, wpm: wpm(forSpeed: speed))
    }

    /// A raw eSpeak NG rate (`--wpm`) as a preset: named `175wpm`, its speed
    /// relative to this table's `1x` (pauses are divided by it, as for a preset).
    public func preset(wpm: Int) -> SpeedPreset {
        SpeedPreset(name: "\(wpm)wpm", speed: Double(wpm) / Double(self.wpm(forSpeed: 1)), wpm: wpm)
    }
}
