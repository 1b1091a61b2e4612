/// One `follow-render` sub-command: its help text and how to run it.
protocol Command {
    /// The word that selects the command, e.g. `inspect`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text, starting with the usage line.
    static var help: String { get }
    /// Parses `arguments` and does the work; returns the exit status.
    static func run(_ arguments: inout Arguments) throws -> Int32
}
