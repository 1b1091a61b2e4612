import Foundation

/// The silences a listener chooses (`--pauses sentence=0.3,line=0.4,…`), in
/// seconds at 1x: every one is divided by the speed, so `2x` halves them too.
///
/// `chapter` is the pause at the start of each chapter, before its first
/// sentence; a chapter also ends with `PauseSchedule.lead` of silence, so
/// between two chapters, in the single file or in the chapter files played in
/// a row, the listener hears `chapter` plus that, longer than any pause inside
/// a chapter. The defaults are the pauses follow-render has always made.
public struct PauseSettings: Hashable, Sendable, Codable {
    public var sentence: Double
    /// After a line break inside a paragraph (`<br>`, a verse line).
    public var line: Double
    public var paragraph: Double
    /// After a heading.
    public var heading: Double
    /// At the start of each chapter.
    public var chapter: Double

    public init(sentence: Double = 0.30, line: Double = 0.40, paragraph: Double = 0.65, heading: Double = 0.90,
                chapter: Double = 0.25) {
        self.sentence = sentence
        self.line = line
        self.paragraph = paragraph
        self.heading = heading
        self.chapter = chapter
    }

    /// The pauses follow-render makes unless told otherwise.
    public static let standard = PauseSettings()

    /// The longest pause accepted, in seconds at 1x.
    public static let maximum = 30.0

    /// The names `--pauses` takes, in the order they are shown.
    public static let names = ["sentence", "line", "paragraph", "heading", "chapter"]

    /// The pause called `name` (one of `names`).
    package subscript(name: String) -> Double {
        get {
            switch name {
            case "sentence": sentence
            case "line": line
            case "paragraph": paragraph
            case "heading": heading
            default: chapter
            }
        }
        set {
            switch name {
            case "sentence": sentence = newValue
            case "line": line = newValue
            case "paragraph": paragraph = newValue
            case "heading": heading = newValue
            default: chapter = newValue
            }
        }
    }

    /// How they are written on the command line: `sentence=0.3,line=0.4,…`.
    public var summary: String {
        Self.names.map { "\($0)=\(Self.format(self[$0]))" }.joined(separator: ",")
    }

    private static func format(_ seconds: Double) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
