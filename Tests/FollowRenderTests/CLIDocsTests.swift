import Foundation
import Testing

/// The help pages, shell completions and man page generated from the CLI's
/// option table: every help fits 80 columns, the committed `completions/` and
/// `man/` are what the table generates now, and each lists every option of
/// every command (the list comes from the table itself, through the hidden
/// `follow-render generate-docs --list`). Shells and groff check the files.
@Suite("The CLI's help, completions and man page, generated from one option table")
struct CLIDocsTests {
    static let generated = ["completions/follow-render.bash", "completions/_follow-render", "completions/follow-render.fish",
                            "man/follow-render.1"]
    static let checker = TestPaths.packageRoot.appendingPathComponent("Tests/Checkers/shell-completion-check.sh").path

    /// Every visible command with the options it takes, from the table.
    static func table() throws -> [String: [String]] {
        let run = try CommandRun.cli(["generate-docs", "--list"])
        try #require(run.status == 0, "\(run.stderr)")
        var table: [String: [String]] = [:]
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            try #require(parts.count == 2, "\(line)")
            table[parts[0], default: []].append(parts[1])
        }
        return table
    }

    static func committed(_ path: String) throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the committed completions and man page are what the option table generates now")
    func upToDate() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandRun.cli(["generate-docs", "--out", folder])
        #expect(run.status == 0, "\(run.stderr)")
        for path in Self.generated {
            let fresh = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            #expect(fresh == (try Self.committed(path)), "\(path) is out of date: run scripts/generate-docs.sh")
        }
    }

    @Test("the table holds every visible command, not the internal ones, and every command takes --help")
    func tableCommands() throws {
        let table = try Self.table()
        #expect(Set(table.keys) == ["follow-render", "render", "preview", "inspect", "cast", "segment", "voices", "presets",
                                    "locate", "diff", "web", "calibrate", "batch"])
        #expect(table["follow-render"] == ["--help", "--version"])
        for (command, options) in table { #expect(options.contains("--help"), "\(command)") }
        #expect(table["batch"]?.contains("--rate") == true && table["batch"]?.contains("--out-root") == true)
        #expect(table["render"]?.contains("--encoding") == true)
    }

    @Test("the bash, zsh and fish completions list every option of every command, each under its command")
    func completionsListEveryOption() throws {
        let table = try Self.table()
        let bash = try Self.committed("completions/follow-render.bash")
        let zsh = try Self.committed("completions/_follow-render")
        let fish = try Self.committed("completions/follow-render.fish").split(separator: "\n")
        for (command, options) in table where command != "follow-render" {
            let bashArm = try Self.block(bash, from: "    \(command))\n", to: "        ;;")
            let bashWords = Set(bashArm.split(whereSeparator: { " \"=\n".contains($0) }).map(String.init))
            let zshArm = try Self.block(zsh, from: "    \(command))\n", to: "      ;;")
            let fishLines = fish.filter { $0.contains("__fish_seen_subcommand_from \(command)") }
            for option in options {
                #expect(bashWords.contains(option), "bash: \(command) \(option)")
                #expect(zshArm.contains("'\(option)[") || zshArm.contains("'\(option)=[") || zshArm.contains("'*\(option)=[")
                            || zshArm.contains(",\(option)}"), "zsh: \(command) \(option)")
                #expect(fishLines.contains { $0.contains(" -l \(option.dropFirst(2)) ") }, "fish: \(command) \(option)")
            }
        }
        let code = [bash, zsh, fish.joined(separator: "\n")].map { file in
            file.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        }
        for hidden in ["render-chapter", "generate-docs"] {
            #expect(!code.contains { $0.contains(hidden) }, "\(hidden) is offered")
        }
    }

    @Test("the man page documents every option of every command in that command's section, and --version")
    func manPageListsEveryOption() throws {
        let table = try Self.table()
        let page = try Self.committed("man/follow-render.1")
        let escaped = { (name: String) in "\\fB" + name.replacingOccurrences(of: "-", with: "\\-") + "\\fR" }
        let global = try Self.block(page, from: ".SH OPTIONS\n", to: ".SH COMMANDS")
        for option in table["follow-render"] ?? [] { #expect(global.contains(escaped(option)), "\(option)") }
        for (command, options) in table where command != "follow-render" {
            let section = try Self.block(page, from: ".SS \"\(command.replacingOccurrences(of: "-", with: "\\-"))\"\n", to: "\n.S")
            for option in options where option != "--help" {
                #expect(section.contains(escaped(option)), "man: \(command) \(option)")
            }
        }
        #expect(!page.contains("render\\-chapter") && !page.contains("generate\\-docs"))
    }

    @Test("groff formats the man page without a warning, and man shows it")
    func manPageFormats() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let path = TestPaths.packageRoot.appendingPathComponent("man/follow-render.1").path
        let groff = try CommandRun.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", path])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
        let man = try CommandRun.run("/usr/bin/man", ["-l", path], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": "0"])
        #expect(man.status == 0 && man.stdout.contains("--tracks-depth"), "\(man.stderr)")
    }

    @Test("the shells accept the completion files and complete options, values and commands")
    func shellsComplete() throws {
        let root = TestPaths.packageRoot.path
        let bash = root + "/completions/follow-render.bash", fish = root + "/completions/follow-render.fish"
        #expect(try CommandRun.run("/usr/bin/bash", ["-n", bash]).status == 0)
        let offered = { (shell: String, file: String, words: [String]) throws -> [String] in
            let run = try CommandRun.run(Self.checker, [shell, file] + words)
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try offered("bash", bash, ["book.epub", "--sy"]) == ["--sync"])
        #expect(try offered("bash", bash, ["book.epub", "--format", ""]) == ["mp3", "wav", "flac", "ogg", "none"])
        #expect(try offered("bash", bash, ["batch", "--out-r"]) == ["--out-root"])
        #expect(try offered("bash", bash, ["voices", "--"]) == ["--lang", "--variants", "--help"])
        #expect(try offered("bash", bash, ["ren"]).contains("render"))
        #expect(!(try offered("bash", bash, ["render-"])).contains("render-chapter"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
            #expect(try CommandRun.run("/usr/bin/fish", ["--no-execute", fish]).status == 0)
            #expect(try offered("fish", fish, ["diff", "--to"]) == ["--tolerance-ms"])
            #expect(try offered("fish", fish, ["book.epub", "--matter", ""]) == ["all", "body"])
            #expect(!(try offered("fish", fish, ["voices", "--"])).contains("--rate"))
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            let zsh = try CommandRun.run("/usr/bin/zsh", ["-n", root + "/completions/_follow-render"])
            #expect(zsh.status == 0, "\(zsh.stderr)")
            // zsh completes only in a terminal: the checker types the line into one and presses Tab.
            let checker = TestPaths.packageRoot.appendingPathComponent("Tests/Checkers/zsh-completion-check.zsh").path
            for (typed, completed) in [("follow-render book.epub --sy", "follow-render book.epub --sync="),
                                       ("follow-render book.epub --matter b", "follow-render book.epub --matter body "),
                                       ("follow-render voices --va", "follow-render voices --variants ")] {
                let run = try CommandRun.run("/usr/bin/timeout", ["30", checker, root + "/completions", typed])
                #expect(run.stdout == completed + "\n", "\(typed): '\(run.stdout)' \(run.stderr)")
            }
        }
    }

    @Test("every help page and the command list fit in 80 columns, and hide the internal commands")
    func helpFits() throws {
        let table = try Self.table()
        for command in table.keys.sorted() {
            let run = try CommandRun.cli(command == "follow-render" ? ["--help"] : [command, "--help"])
            #expect(run.status == 0)
            for line in run.stdout.split(separator: "\n") {
                #expect(Self.columns(line) <= 80, "\(command): \(line)")
            }
            for option in table[command] ?? [] where command != "follow-render" {
                #expect(run.stdout.contains(option), "\(command) --help lacks \(option)")
            }
            if command == "follow-render" {
                #expect(!run.stdout.contains("render-chapter") && !run.stdout.contains("generate-docs"))
            }
        }
    }

    @Test("each usage line names every option of its command, or the group it belongs to, and no other")
    func usageNamesEveryOption() throws {
        let table = try Self.table()
        let options = { (text: Substring) in Set(text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }) }
        for command in table.keys.sorted() where command != "follow-render" {
            let help = try CommandRun.cli([command, "--help"]).stdout
            let usage = try Self.block(help, from: "Usage: ", to: "\n\n")
            let takes = Set(table[command] ?? [])
            var covered = options(usage)
            #expect(covered.isSubset(of: takes), "\(command)'s usage names \(covered.subtracting(takes).sorted())")
            if usage.contains("[input options]") {
                covered.formUnion(options(try Self.block(help, from: "\nInput options", to: "\n\n")))
            }
            if usage.contains("[render options]") { covered.formUnion(table["render"] ?? []) }
            let missing = takes.subtracting(covered).subtracting(["--help"])
            #expect(missing.isEmpty, "\(command)'s usage lacks \(missing.sorted())")
        }
    }

    /// The text of `text` from `start` (excluded) to the next `end`.
    static func block(_ text: String, from start: String, to end: String) throws -> Substring {
        let begin = try #require(text.range(of: start), "no '\(start)'")
        let rest = text[begin.upperBound...]
        return rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)]
    }

    /// Terminal columns of `line`: East Asian wide characters take two.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { sum, scalar in
            let wide = (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFE30...0xFE4F).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
            return sum + (wide ? 2 : 1)
        }
    }
}
