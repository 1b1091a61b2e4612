/// Narration text as the subtitle formats need it.
enum SyncText {
    /// The UTF-16 units `from..<to` (clamped to the text) as one line: line
    /// breaks become spaces, since a blank line would end a cue.
    static func line(_ units: [UInt16], _ from: Int, _ to: Int) -> String {
        let lower = min(max(0, from), units.count), upper = min(max(lower, to), units.count)
        let text = String(decoding: units[lower..<upper], as: UTF16.self)
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
