/// Measures how eSpeak NG's rate changes the duration of a reference passage,
/// and finds the rate for each narration speed.
///
/// The duration measured is the voiced part of one synthesis of the whole
/// passage: leading and trailing silence is trimmed by energy (`SilenceTrim`),
/// pauses between its sentences are kept since they shrink with the rate too.
public struct SpeedCalibrator {
    public let engine: SpeechEngine
    public let voice: String
    public let passage: String
    /// The rate that is `1x`: eSpeak's default.
    public static let normalWPM = 175

    private var cache: [Int: Int] = [:]

    public init(engine: SpeechEngine, voice: String, passage: String) {
        self.engine = engine
        self.voice = voice
        self.passage = passage
    }

    /// Voiced duration of the passage at `wpm`, in samples.
    public mutating func duration(wpm: Int) throws(RenderError) -> Int {
        if let known = cache[wpm] { return known }
        let duration = try engine.synthesize(passage, voice: voice, wpm: wpm).voicedRange.count
        cache[wpm] = duration
        return duration
    }

    /// duration(1x) / duration(`wpm`).
    public mutating func measuredSpeed(wpm: Int) throws(RenderError) -> Double {
        Double(try duration(wpm: Self.normalWPM)) / Double(try duration(wpm: wpm))
    }

    /// The rate whose measured speed is closest to `speed`: a bisection over
    /// `SpeechEngine.wpmRange` (duration falls as the rate rises), then a look at
    /// nearby rates, since eSpeak's durations step unevenly.
    public mutating func point(forSpeed speed: Double) throws(RenderError) -> SpeedTable.Point {
        var low = SpeechEngine.wpmRange.lowerBound
        var high = SpeechEngine.wpmRange.upperBound
        while high - low > 1 {
            let middle = (low + high) / 2
            if try measuredSpeed(wpm: middle) < speed { low = middle } else { high = middle }
        }
        var best = low
        var bestError = Double.infinity
        for wpm in max(SpeechEngine.wpmRange.lowerBound, low - 4)...min(SpeechEngine.wpmRange.upperBound, high + 4) {
            let error = abs(try measuredSpeed(wpm: wpm) / speed - 1)
            if error < bestError { (best, bestError) = (wpm, error) }
        }
        return SpeedTable.Point(name: SpeedPreset.name(forSpeed: speed), speed: speed, wpm: best,
                                measuredSpeed: (try measuredSpeed(wpm: best) * 1000).rounded() / 1000)
    }

    /// Measures every preset speed with `voice` (default: the voice for `en`) on the
    /// reference passage and returns the table `Presets/speed-presets.json` holds;
    /// `progress` gets each point as it is measured.
    public static func table(voice: String? = nil, progress: (SpeedTable.Point) -> Void) throws -> SpeedTable {
        let engine = try SpeechEngine.shared()
        let voice = voice ?? engine.voiceName(forLanguage: "en") ?? "en"
        var calibrator = SpeedCalibrator(engine: engine, voice: voice, passage: try SpeedTable.referencePassage())
        var points: [SpeedTable.Point] = []
        for speed in SpeedTable.presetSpeeds {
            let point = try calibrator.point(forSpeed: speed)
            progress(point)
            points.append(point)
        }
        return SpeedTable(
            about: "Speed presets: eSpeak NG rate (wpm) per narration speed. Measured by \(CommandReference.calibrate): "
                + "measuredSpeed = voiced duration of the passage at 1x (175 wpm) / voiced duration at wpm; "
                + "leading and trailing silence trimmed by energy, pauses inside the passage kept.",
            engine: "eSpeak NG \(engine.version)", voice: voice, passage: "reference-passage.txt", points: points)
    }

    /// Measures every installed variant on `voice` (default: the voice for
    /// `en`) with the shared table, and calibrates a table of its own for each
    /// one the shared table misses by more than `VariantSpeeds.tolerance` at
    /// some preset; `progress` gets each variant's file name and whether it needed one.
    public static func variantSpeeds(voice: String? = nil, progress: (String, Bool) -> Void) throws -> VariantSpeeds {
        let engine = try SpeechEngine.shared()
        let base = voice ?? engine.voiceName(forLanguage: "en") ?? "en"
        let shared = try SpeedTable.standard()
        let passage = try SpeedTable.referencePassage()
        var tables: [String: [SpeedTable.Point]] = [:]
        for variant in engine.variants {
            let spec = base + "+" + variant.file
            let checks = try check(voice: spec, table: shared, speeds: SpeedTable.presetSpeeds)
            let needsOwn = checks.contains { abs($0.error) > VariantSpeeds.tolerance }
            progress(variant.file, needsOwn)
            guard needsOwn else { continue }
            var calibrator = SpeedCalibrator(engine: engine, voice: spec, passage: passage)
            tables[variant.file] = try SpeedTable.presetSpeeds.map { speed throws(RenderError) in try calibrator.point(forSpeed: speed) }
        }
        return VariantSpeeds(
            about: "Speed presets of the eSpeak NG voice variants the shared table (speed-presets.json) misses by more than "
                + "1.5% at some preset, measured by \(CommandReference.calibrateVariants) as that table is; "
                + "the variants not listed use the shared table.",
            engine: "eSpeak NG \(engine.version)", voice: base, passage: "reference-passage.txt", variants: tables)
    }

    /// How well `table` holds for `voice` (a voice, `NAME+VARIANT`, pitch and
    /// intonation as a render gives them): the speed measured on the reference
    /// passage at the table's rate for each of `speeds`, against `1x`'s rate.
    public static func check(voice: String, parameters: VoiceParameters = VoiceParameters(), table: SpeedTable,
                             speeds: [Double]) throws -> [SpeedCheck] {
        let engine = try SpeechEngine.shared()
        let passage = try SpeedTable.referencePassage()
        let duration = { (wpm: Int) throws(RenderError) -> Int in
            try engine.synthesize(passage, voice: voice, wpm: wpm, parameters: parameters).voicedRange.count
        }
        let oneX = Double(try duration(table.wpm(forSpeed: 1)))
        return try speeds.map { speed in
            let wpm = table.wpm(forSpeed: speed)
            return SpeedCheck(voice: voice, speed: speed, wpm: wpm, measuredSpeed: oneX / Double(try duration(wpm)))
        }
    }
}

/// A speed preset measured with one voice (`SpeedCalibrator.check`).
public struct SpeedCheck: Hashable, Sendable {
    public var voice: String
    public var speed: Double
    public var wpm: Int
    /// duration(1x) / duration(at `wpm`).
    public var measuredSpeed: Double

    /// How far the measured speed is from the nominal one, as a fraction (0.01 is 1% fast).
    public var error: Double { measuredSpeed / speed - 1 }
}
