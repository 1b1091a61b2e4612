import Foundation

/// A command's `--help` page: usage lines, what the command does, and its
/// options in sections, laid out at 80 columns from the option declarations
/// (`CLIOption`), so the help of an option is written once and always aligned.
struct HelpPage: Sendable {
    /// A titled group of options.
    struct Section: Sendable {
        var title: String
        var options: [CLIOption]
        /// Whether only the names are listed (options explained on another page).
        var compact: Bool

        init(_ title: String, _ options: [CLIOption], compact: Bool = false) {
            self.title = title
            self.options = options
            self.compact = compact
        }
    }

    /// The forms of the command line, each without `Usage: `, e.g.
    /// `follow-render inspect BOOK [--json]`; wrapped between bracketed groups.
    var usage: [String]
    /// What the command does: paragraphs separated by blank lines, reflowed;
    /// a line starting with two spaces is kept as it is (an example).
    var about: String
    var sections: [Section]

    /// The width help is wrapped at.
    static let width = 80
    /// The column where an option's help starts.
    static let helpColumn = 20

    /// Every option the command takes, `--help` included, in the order shown.
    var options: [CLIOption] { sections.flatMap(\.options) + [.help] }

    /// The page as printed by `--help`.
    var text: String {
        var lines = usage.enumerated().flatMap { index, form in
            Self.wrapUsage(form, prefix: index == 0 ? "Usage: " : "       ")
        }
        lines += [""] + Self.paragraphs(about)
        for (index, section) in sections.enumerated() {
            lines += ["", section.title + ":"]
            let options = index == 0 ? section.options + [.help] : section.options
            if section.compact {
                lines += Self.wrap(options.map(\.name).joined(separator: " "), width: Self.width - 2).map { "  " + $0 }
            } else {
                lines += options.flatMap(Self.row)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One option: its signature, then its help wrapped at the help column
    /// (starting on the next line when the signature is too long).
    static func row(_ option: CLIOption) -> [String] {
        row("  " + option.signature, option.fullHelp, column: helpColumn)
    }

    /// A term and its text wrapped at `column`, the text on the next line when
    /// the term leaves no room (the command list uses it too).
    static func row(_ term: String, _ text: String, column: Int) -> [String] {
        let body = wrap(text, width: width - column)
        let pad = String(repeating: " ", count: column)
        guard term.count + 2 <= column else { return [term] + body.map { pad + $0 } }
        return [term.padding(toLength: column, withPad: " ", startingAt: 0) + body[0]] + body.dropFirst().map { pad + $0 }
    }

    /// Paragraphs of `text`, each reflowed to the width less `indent`.
    static func paragraphs(_ text: String, indent: Int = 0) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { lines += wrap(paragraph.joined(separator: " "), width: width - indent).map { pad + $0 } }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty {
                flush()
                lines.append("")
            } else if line.hasPrefix("  ") {
                flush()
                lines.append(pad + line)
            } else {
                paragraph.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        flush()
        return lines
    }

    /// Words of `text` in lines of at most `width` characters (a longer word
    /// has a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        join(text.split(separator: " ").map(String.init), width: width, indent: "")
    }

    /// A usage form wrapped between its bracketed groups, continuation lines
    /// indented under the first argument after the command's name.
    static func wrapUsage(_ form: String, prefix: String, width: Int = width) -> [String] {
        var tokens: [String] = []
        var depth = 0
        var current = ""
        for character in form {
            if character == " ", depth == 0 {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                continue
            }
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(current) }
        let lead = Array(tokens.prefix(2)).joined(separator: " ")
        let indent = String(repeating: " ", count: prefix.count + lead.count + 1)
        let lines = join(Array(tokens.dropFirst(2)), width: width - indent.count, indent: "",
                         first: width - prefix.count - lead.count - 1)
        guard let first = lines.first else { return [prefix + lead] }
        return [prefix + lead + " " + first] + lines.dropFirst().map { indent + $0 }
    }

    /// Greedy line filling: `first` is the room on the first line.
    private static func join(_ words: [String], width: Int, indent: String, first: Int? = nil) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            let room = lines.isEmpty ? (first ?? width) : width
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= room {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines.map { indent + $0 }
    }
}
