import FollowRender
import Foundation

/// `follow-render calibrate`: re-measures the speed presets table.
enum CalibrateCommand: Command {
    static let name = "calibrate"
    static let summary = "re-measure the eSpeak NG rate of each speed preset"
    static let help = """
        Usage: follow-render calibrate [--voice NAME] [--output FILE]

        Synthesizes the reference passage (Presets/reference-passage.txt) at many
        eSpeak NG rates and finds, for each speed preset from 0.5x to 4x, the rate
        whose voiced duration is the 1x duration (175 wpm) divided by the speed.
        Prints the table as JSON, or writes it to FILE. To update the shipped
        table, run from the checkout:

          follow-render calibrate --output Presets/speed-presets.json

        Options:
          --voice NAME    the voice to measure with (default: the voice for 'en')
          --output FILE   write the table to FILE instead of standard output
          -h, --help      show this help
        """

    struct Options {
        var voice: String?
        var output: String?
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let voice = try arguments.option("--voice")
        let output = try arguments.option("--output")
        _ = try arguments.positionals()
        return Options(voice: voice, output: output)
    }

    static func run(_ options: Options) throws -> Int32 {
        let output = options.output
        let table = try SpeedCalibrator.table(voice: options.voice) { point in
            Console.error("\(point.name): \(point.wpm) wpm, measured \(point.measuredSpeed)x")
        }
        let data = try JSONCoding.data(table, pretty: true)
        if let output {
            do { try data.write(to: URL(fileURLWithPath: output)) } catch { throw FileFailure(file: output, error: error) }
        } else {
            FileHandle.standardOutput.write(data)
        }
        return 0
    }
}
