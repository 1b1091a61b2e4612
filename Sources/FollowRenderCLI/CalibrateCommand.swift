import FollowRender
import Foundation

/// `follow-render calibrate`: re-measures the speed presets table.
enum CalibrateCommand: Command {
    static let name = "calibrate"
    static let summary = "Re-measure the eSpeak NG rate of each speed preset"
    static let page = HelpPage(
        usage: ["follow-render calibrate [--voice NAME] [--output FILE]",
                "follow-render calibrate --variants [--voice NAME] [--output FILE]",
                "follow-render calibrate --check [--voice NAME[+VARIANT] | --variants] [--rate LIST]"],
        about: """
            Synthesizes the reference passage (Presets/reference-passage.txt) at many
            eSpeak NG rates and finds, for each speed preset from 0.5x to 4x, the rate
            whose voiced duration is the 1x duration (175 wpm) divided by the speed.
            Prints the table as JSON, or writes it to FILE. To update the shipped
            table, run from the checkout:

              follow-render calibrate --output Presets/speed-presets.json

            With --variants, measures every installed variant with the shared table
            and calibrates its own presets for each one the shared table misses by
            more than 1.5% (their stress lengths do not scale with the rate): the
            file Presets/variant-speeds.json holds.

            With --check, measures nothing new: prints, for the voice (or for every
            variant on it), the speed the shipped table's rates give at each preset
            of --rate (default 2x), and exits 1 when one is off by more than 3%.
            """,
        sections: [.init("Options", [.calibrationVoice, .output, .check, .calibrationVariants, .checkedRates])]
    )

    struct Options {
        var voice: String?
        var output: String?
        var check = false
        var variants = false
        var speeds: [Double] = [2]
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        var options = Options(voice: try arguments.value(.calibrationVoice), output: try arguments.value(.output))
        options.check = arguments.flag(.check)
        options.variants = arguments.flag(.calibrationVariants)
        if let list = try arguments.value(.checkedRates) {
            let speeds = list.split(separator: ",").map { SpeedPreset.speed(named: String($0)) }
            guard !speeds.isEmpty, speeds.allSatisfy({ $0.map(SpeedTable.speedRange.contains) ?? false }) else {
                throw UsageError.invalid(.checkedRates, list, expected: "a list of speeds from 0.5x to 4x such as 2x,4x")
            }
            options.speeds = speeds.compactMap { $0 }
            guard options.check else { throw UsageError.needs(.checkedRates, .check) }
        }
        if options.check, options.output != nil { throw UsageError("--check writes nothing: give --check or --output, not both") }
        _ = try arguments.positionals()
        return options
    }

    static func run(_ options: Options) throws -> Int32 {
        if options.check { return try check(options) }
        if options.variants { return try variants(options) }
        let table = try SpeedCalibrator.table(voice: options.voice) { point in
            Console.error("\(point.name): \(point.wpm) wpm, measured \(point.measuredSpeed)x")
        }
        try write(JSONCoding.data(table, pretty: true), to: options.output)
        return 0
    }

    /// `--check`: the shipped table measured with the voice, or with each variant on it.
    private static func check(_ options: Options) throws -> Int32 {
        let engine = try SpeechEngine.shared()
        let base = options.voice ?? engine.voiceName(forLanguage: "en") ?? "en"
        let voices = options.variants ? engine.variants.map { base + "+" + $0.file } : [base]
        var rows: [[String]] = []
        var worst = 0.0
        for voice in voices {
            let table = try SpeedTable.standard(forVoice: voice)
            for check in try SpeedCalibrator.check(voice: voice, table: table, speeds: options.speeds) {
                worst = max(worst, abs(check.error))
                rows.append([voice, SpeedPreset.name(forSpeed: check.speed), "\(check.wpm)",
                             String(format: "%.3fx", check.measuredSpeed), String(format: "%+.1f%%", check.error * 100)])
            }
        }
        print(Table.render(header: ["VOICE", "PRESET", "WPM", "MEASURED", "ERROR"], rows: rows))
        print(String(format: "\nLargest error: %.1f%% (allowed: 3%%)", worst * 100))
        return worst <= 0.03 ? 0 : 1
    }

    /// `--variants`: the variants' own presets, as JSON.
    private static func variants(_ options: Options) throws -> Int32 {
        let speeds = try SpeedCalibrator.variantSpeeds(voice: options.voice) { variant, needsOwn in
            if needsOwn { Console.error("\(variant): calibrating its own presets") }
        }
        try write(JSONCoding.data(speeds, pretty: true), to: options.output)
        return 0
    }

    private static func write(_ data: Data, to output: String?) throws {
        if let output {
            do { try data.write(to: URL(fileURLWithPath: output)) } catch { throw ReportedError.of(error, for: output, otherwise: .write) }
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
