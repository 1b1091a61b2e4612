import FollowRender
import Foundation

/// `follow-render generate-docs --out DIR`: writes the shell completions and
/// the man page, generated from the option table, into DIR/completions/ and
/// DIR/man/ (scripts/generate-docs.sh runs it on the checkout). Internal: left
/// out of help, completions and the man page.
enum GenerateDocsCommand: Command {
    static let name = "generate-docs"
    static let summary = "(internal) Write the shell completions and the man page"
    static let isInternal = true
    static let page = HelpPage(
        usage: ["follow-render generate-docs --out DIR", "follow-render generate-docs --list"],
        about: """
            Writes DIR/completions/follow-render.bash, DIR/completions/_follow-render
            (zsh), DIR/completions/follow-render.fish and DIR/man/follow-render.1, all
            generated from the option table, replacing the files there. With --list,
            prints each command with every option it takes, one 'COMMAND OPTION' line
            each (what the generated files must list).
            """,
        sections: [.init("Options", [.docsFolder, .listOptions])]
    )

    /// The generated files, by path under the output folder.
    static func files(_ commands: [any Command.Type]) -> [(path: String, text: String)] {
        [("completions/follow-render.bash", Completions.bash(commands)),
         ("completions/_follow-render", Completions.zsh(commands)),
         ("completions/follow-render.fish", Completions.fish(commands)),
         ("man/follow-render.1", ManPage.roff(commands))]
    }

    enum Options {
        case write(String)
        case list
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let list = arguments.flag(.listOptions)
        let folder = try arguments.value(.docsFolder)
        _ = try arguments.positionals()
        if list, folder == nil { return .list }
        guard let folder, !list else { throw UsageError("give --out DIR or --list") }
        return .write(folder)
    }

    static func run(_ options: Options) throws -> Int32 {
        let commands = CommandList.visible
        switch options {
        case .list:
            for option in CommandList.toolOptions { print("follow-render \(option.name)") }
            for command in commands {
                for option in command.page.options { print("\(command.name) \(option.name)") }
            }
        case .write(let folder):
            for file in files(commands) {
                let url = URL(fileURLWithPath: folder).appendingPathComponent(file.path)
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(file.text.utf8).write(to: url)
                } catch {
                    throw ReportedError.of(error, for: url.path, otherwise: .write)
                }
                Console.error("wrote \(url.path)")
            }
        }
        return 0
    }
}
