import FollowRender
import Foundation

/// Standard error output, one line at a time: every message is made one safe
/// line (`TerminalText.line`), so text from a book cannot add lines or
/// escape sequences.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.line(line) + "\n").utf8))
    }

    /// A line of command output on standard output, made safe the same way;
    /// `limit` cuts it (the default keeps all of it).
    static func output(_ line: String, limit: Int = .max) {
        print(TerminalText.line(line, limit: limit))
    }

    /// This program's own multi-line text (help), written as it is.
    static func text(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func warning(file: String, _ message: String) {
        error("follow-render: warning: \(file): \(message)")
    }

    /// A typed warning, as one line naming its own file.
    static func warning(_ warning: RenderWarning) {
        self.warning(file: warning.file, warning.text)
    }
}

extension CommandLine {
    static let toolHelp = """
        follow-render: narrate a DRM-free EPUB with eSpeak NG, with word-level timing.

        Usage: follow-render <command> [options]

        Commands:
        """

    /// Runs the command named by the first argument and returns the exit status.
    static func run(commands: [any Command.Type]) -> Int32 {
        CLIOption.installSettingNames()
        let words = Array(arguments.dropFirst())
        if words == [CLIOption.version.name] || words == CLIOption.version.short.map({ [$0] }) {
            ToolVersions.current().lines.forEach { print($0) }
            return 0
        }
        guard let first = words.first, first != CLIOption.help.name, first != CLIOption.help.short, first != "help" else {
            print(overview(commands))
            return words.isEmpty ? 2 : 0
        }
        let selected = commands.first { $0.name == first }
        guard let command = selected ?? commands.first(where: { $0.name == "render" }) else {
            Console.error("follow-render: unknown command \(TerminalText.quoted(first))")
            Console.text("\n" + overview(commands))
            return 2
        }
        var arguments = Arguments(selected == nil ? words : Array(words.dropFirst()))
        if arguments.wantsHelp {
            print(command.help)
            return 0
        }
        do {
            return try command.main(&arguments)
        } catch let error as UsageError {
            Console.error("follow-render \(command.name): \(error)")
            Console.text("\n" + command.help)
            return 2
        } catch {
            Console.error("follow-render: \(error)")
            return 1
        }
    }

    private static func overview(_ commands: [any Command.Type]) -> String {
        let commands = commands.filter { !$0.isInternal }
        let column = 2 + (commands.map { $0.name.count }.max() ?? 0) + 2
        let rows = commands.flatMap { HelpPage.row("  " + $0.name, $0.summary, column: column) }
        return toolHelp + "\n" + rows.joined(separator: "\n") + "\n\nOptions:\n"
            + CommandList.toolOptions.flatMap(HelpPage.row).joined(separator: "\n")
            + "\n\nRun 'follow-render <command> --help' for a command's options."
    }
}
