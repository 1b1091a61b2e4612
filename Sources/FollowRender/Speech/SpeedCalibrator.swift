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
            about: "Speed presets: eSpeak NG rate (wpm) per narration speed. Measured by 'follow-render calibrate': "
                + "measuredSpeed = voiced duration of the passage at 1x (175 wpm) / voiced duration at wpm; "
                + "leading and trailing silence trimmed by energy, pauses inside the passage kept.",
            engine: "eSpeak NG \(engine.version)", voice: voice, passage: "reference-passage.txt", points: points)
    }
}
