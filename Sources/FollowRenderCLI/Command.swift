/// One `follow-render` sub-command: its help text, how to parse its arguments,
/// and how to run it on them.
protocol Command {
    /// What `parse` makes of the arguments.
    associatedtype Options
    /// The word that selects the command, e.g. `inspect`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// Whether the command is follow-render's own plumbing (the worker,
    /// `generate-docs`), left out of the command list, the completions and the
    /// man page.
    static var isInternal: Bool { get }
    /// The `--help` page, with every option the command takes.
    static var page: HelpPage { get }
    /// Parses and validates `arguments`; a mistake is a `UsageError`.
    static func parse(_ arguments: inout Arguments) throws -> Options
    /// Does the work (calling the library) and prints; returns the exit status.
    static func run(_ options: Options) throws -> Int32
}

extension Command {
    static var isInternal: Bool { false }

    /// The full `--help` text, starting with the usage line.
    static var help: String { page.text }

    /// Parses, then runs.
    static func main(_ arguments: inout Arguments) throws -> Int32 {
        try run(parse(&arguments))
    }
}
