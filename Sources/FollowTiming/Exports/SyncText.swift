/// Narration text as the subtitle formats need it.
package enum SyncText {
    /// The UTF-16 units `from..<to` (clamped to the text) as one line: line
    /// breaks become spaces, since a blank line would end a cue.
    package static func line(_ units: [UInt16], _ from: Int, _ to: Int) -> String {
        String(units.text(from, to).map { $0.isNewline ? " " : $0 })
    }
}
