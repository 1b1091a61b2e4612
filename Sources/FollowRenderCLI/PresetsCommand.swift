import FollowRender
import Foundation

/// `follow-render presets`: prints the speed presets and their eSpeak rates.
enum PresetsCommand: Command {
    static let name = "presets"
    static let summary = "List the speed presets and their eSpeak NG rates"
    static let page = HelpPage(
        usage: ["follow-render presets [--speed SPEED]"],
        about: """
            Prints each named speed preset (0.5x to 4x, evenly spaced on a log scale)
            with the eSpeak NG rate in words per minute that gives it, as calibrated
            in Presets/speed-presets.json, and the speed measured there.
            """,
        sections: [.init("Options", [.speed])]
    )

    static func parse(_ arguments: inout Arguments) throws -> String? {
        try arguments.onlyOption(.speed)
    }

    /// Prints every preset, or the rate of the speed `speed` when given.
    static func run(_ speed: String?) throws -> Int32 {
        let table = try SpeedTable.standard()
        if let speed {
            guard let preset = table.preset(named: speed) else {
                throw UsageError.invalid(.speed, speed, expected: "a speed from 0.5x to 4x, e.g. 1.37x")
            }
            print("\(preset.name)  \(preset.wpm) wpm")
            return 0
        }
        let rows = table.points.map { point in
            [point.name, String(point.wpm), String(format: "%.3fx", point.measuredSpeed)]
        }
        print(Table.render(header: ["PRESET", "WPM", "MEASURED"], rows: rows))
        return 0
    }
}
