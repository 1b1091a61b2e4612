import Foundation

/// Reading the pause settings (`--pauses`): the renderer's side of `PauseSettings`.
extension PauseSettings {
    /// The pauses `text` sets (`sentence=0.3,chapter=2`), the others left at
    /// their defaults; the error names what is wrong in one line.
    public static func parse(_ text: String) throws(SettingError) -> PauseSettings {
        var settings = PauseSettings.standard
        var seen: Set<String> = []
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !text.isEmpty else { throw SettingError(.pauses, "\(Setting.pauses) needs at least one NAME=SECONDS") }
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw SettingError(.pauses, "\(Setting.pauses) takes NAME=SECONDS items separated by commas, not '\(item)'")
            }
            let name = parts[0].lowercased()
            guard names.contains(name) else {
                throw SettingError(.pauses, "\(Setting.pauses) knows \(names.joined(separator: ", ")), not '\(parts[0])'")
            }
            guard seen.insert(name).inserted else { throw SettingError(.pauses, "\(Setting.pauses) sets '\(name)' twice") }
            guard let seconds = Double(parts[1]), seconds.isFinite, (0...maximum).contains(seconds) else {
                throw SettingError(.pauses, "\(Setting.pauses) \(name) takes seconds from 0 to \(Int(maximum)), not '\(parts[1])'")
            }
            settings[name] = seconds
        }
        return settings
    }
}
