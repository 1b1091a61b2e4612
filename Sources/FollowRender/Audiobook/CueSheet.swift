import Foundation

/// `book.cue` beside the single file: one TRACK per chapter with its TITLE,
/// PERFORMER (the authors) and INDEX 01 at the chapter's start, for players
/// and tools that read cue sheets (foobar2000, VLC, Audiobookshelf's tools).
struct CueSheet {
    static let fileName = "book.cue"

    /// The audio file's name, as the cue's FILE line refers to it.
    var file: String
    var format: AudiobookFormat
    var metadata: AudiobookMetadata
    var chapters: [(title: String, start: Seconds)]

    /// The sheet's text: times as `MM:SS:FF`, 75 frames a second, minutes unbounded.
    var text: String {
        var lines = [
            "PERFORMER \(Self.quoted(metadata.artist))",
            "TITLE \(Self.quoted(metadata.title))",
            "FILE \(Self.quoted(file)) \(format.cueFileType)",
        ]
        for (number, chapter) in chapters.enumerated() {
            let frames = Int((chapter.start.value * 75).rounded())
            let time = String(format: "%02d:%02d:%02d", frames / 4500, frames / 75 % 60, frames % 75)
            lines += [
                String(format: "  TRACK %02d AUDIO", number + 1),
                "    TITLE \(Self.quoted(chapter.title))",
                "    PERFORMER \(Self.quoted(metadata.artist))",
                "    INDEX 01 \(time)",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func write(to path: String) throws(RenderError) {
        do {
            try AtomicFile.write(Data(text.utf8), to: path)
        } catch {
            throw RenderError(.write, file: path, "\(error)", cause: error)
        }
    }

    /// A double-quoted cue string: double quotes become single ones (cue has no escape).
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "'") + "\""
    }
}
