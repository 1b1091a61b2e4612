import Foundation
import FollowRender

/// The man page `follow-render.1` (roff, man macros), generated from the
/// commands' help pages and the option table. Written by
/// `follow-render generate-docs` into `man/`.
enum ManPage {
    static func roff(_ commands: [any Command.Type]) -> String {
        var lines = [
            ".\\\" " + Completions.notice,
            ".TH FOLLOW\\-RENDER 1 \"\" \"follow\\-render \(escaped(FollowRenderVersion.current))\" \"User Commands\"",
            // Left-adjusted and unhyphenated: option names and paths must stay whole.
            ".ad l",
            ".nh",
            ".SH NAME",
            "follow\\-render \\- narrate a DRM\\-free book with eSpeak NG, with word\\-level timing",
            ".SH SYNOPSIS",
            ".B follow\\-render",
            ".RI [ command ] \" \" [ options ]",
            ".br",
            ".B follow\\-render",
            ".I BOOK",
            ".RI [ options ]",
            ".SH DESCRIPTION",
            escaped("follow-render turns a DRM-free book (EPUB, plain text, Markdown or PDF) into narrated audio with "
                    + "eSpeak NG, with timing sidecars that give every sentence and word its UTF-16 range in the text and "
                    + "its time in the audio. Without a command word it renders the book (the render command)."),
            ".SH OPTIONS",
        ]
        lines += CommandList.toolOptions.flatMap(item)
        lines.append(".SH COMMANDS")
        for command in commands {
            lines.append(".SS " + quoted(command.name))
            lines.append(escaped(command.summary) + ".")
            lines.append(".PP")
            lines.append(".nf")
            // Wrapped to fit the page's indent at 80 columns.
            lines += command.page.usage.flatMap { HelpPage.wrapUsage($0, prefix: "", width: 72).map(escaped) }
            lines.append(".fi")
            lines += paragraphs(command.page.about)
            for section in command.page.sections {
                lines.append(".PP")
                lines.append("\\fI" + escaped(section.title) + ":\\fR")
                if section.compact {
                    lines.append(".br")
                    lines.append(section.options.map { "\\fB" + escaped($0.name) + "\\fR" }.joined(separator: ", "))
                } else {
                    lines += section.options.flatMap(item)
                }
            }
        }
        lines += [
            ".SH EXIT STATUS",
            "0 on success, 1 when the work failed (a book that cannot be read, a chapter that cannot be rendered, a "
                + "warning with \\fB\\-\\-strict\\fR), 2 on a usage error; 128 plus the signal number when interrupted.",
            ".SH SEE ALSO",
            ".BR espeak\\-ng (1),",
            ".BR ffmpeg (1),",
            ".BR lame (1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One option as a tagged paragraph.
    private static func item(_ option: CLIOption) -> [String] {
        let names = [option.short, option.name].compactMap { $0 }.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ")
        let value = option.placeholder.map { " \\fI" + escaped($0) + "\\fR" } ?? ""
        return [".TP", names + value, escaped(option.fullHelp)]
    }

    /// Help paragraphs as roff: prose as it is (roff fills it), examples kept as they are.
    private static func paragraphs(_ text: String) -> [String] {
        var lines = [".PP"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                lines.append(".PP")
            } else if line.hasPrefix("  ") {
                lines += [".IP", ".nf", escaped(line.trimmingCharacters(in: .whitespaces)), ".fi", ".PP"]
            } else {
                lines.append(escaped(String(line)))
            }
        }
        return lines.reduce(into: []) { kept, line in
            if line == ".PP", kept.last == ".PP" { return }
            kept.append(line)
        }
    }

    /// `text` safe in a roff text line: backslashes and dashes escaped, a
    /// leading dot or quote protected, every non-ASCII character as `\[uXXXX]`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 0x7E: out += "\\[u" + hex(scalar.value) + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
