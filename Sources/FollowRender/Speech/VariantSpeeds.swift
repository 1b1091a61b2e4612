import Foundation

/// The speed presets of the voice variants that need their own, read from
/// `Presets/variant-speeds.json`.
///
/// A variant's `stressAdd` and `stressLength` lines lengthen syllables by
/// amounts eSpeak NG does not scale with the rate, so with some variants
/// (`Andrea`, `robosoft`, `UniRobot`, `m4` …) the shared table's `2x` rate
/// gives 1.71x to 2.11x. `follow-render calibrate --variants` measures every
/// installed variant on the reference passage and records a table for each
/// one the shared table misses by more than `tolerance` at some preset; the
/// others use the shared table. `1x` stays eSpeak's default rate for every
/// variant: the variant's own natural pace.
public struct VariantSpeeds: Sendable, Codable {
    /// A variant whose measured speed is within this fraction of every preset keeps the shared table.
    public static let tolerance = 0.015

    public var about: String
    public var engine: String
    /// The voice the variants were measured on.
    public var voice: String
    public var passage: String
    /// Calibration points by variant file name (`Andrea`, `m4`), for the variants that need them.
    public var variants: [String: [SpeedTable.Point]]

    public init(about: String, engine: String, voice: String, passage: String, variants: [String: [SpeedTable.Point]]) {
        self.about = about
        self.engine = engine
        self.voice = voice
        self.passage = passage
        self.variants = variants
    }

    /// The file shipped in `Presets/`.
    public static func standard() throws -> VariantSpeeds {
        let url = try PresetsFile.url(named: "variant-speeds.json")
        return try JSONCoding.decode(VariantSpeeds.self, from: Data(contentsOf: url))
    }

    /// The table a render with `voice` (`NAME`, `NAME+VARIANT` or `+VARIANT`,
    /// as `--voice` takes it; nil for none) uses: the variant's own when it has
    /// one, else `shared`.
    public func table(forVoice voice: String?, shared: SpeedTable) throws -> SpeedTable {
        guard let voice, let plus = voice.firstIndex(of: "+") else { return shared }
        let variant = voice[voice.index(after: plus)...].lowercased()
        guard let points = variants.first(where: { $0.key.lowercased() == variant })?.value else { return shared }
        let table = SpeedTable(about: shared.about, engine: engine, voice: self.voice + "+" + variant, passage: passage, points: points)
        guard table.points.count >= 2,
              zip(table.points, table.points.dropFirst()).allSatisfy({ $0.speed < $1.speed && $0.wpm <= $1.wpm })
        else { throw RenderError(.presets, "variant-speeds.json: the presets of '\(variant)' need increasing speed and wpm") }
        return table
    }
}

extension SpeedTable {
    /// The table for a render with `voice` (see `VariantSpeeds.table(forVoice:shared:)`).
    public static func standard(forVoice voice: String?) throws -> SpeedTable {
        try VariantSpeeds.standard().table(forVoice: voice, shared: standard())
    }
}
