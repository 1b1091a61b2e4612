/// One command-line option, declared once: its name, the kind of value it
/// takes, its default, its help and (for whole numbers) the range it accepts.
///
/// Commands read their options through these declarations (`Arguments.flag`,
/// `value`, `integer`, `values`), and the help pages, the shell completions and
/// the man page are generated from the same declarations (`HelpPage`,
/// `Completions`, `ManPage`), so an option's name is spelled in one place.
/// The declarations themselves are in `CLIOption+Table.swift`.
struct CLIOption: Sendable {
    /// What follows the option's name.
    enum Value: Sendable, Equatable {
        /// Nothing: the option is a switch.
        case flag
        /// Free text, shown as `placeholder`.
        case text(String)
        /// A whole number within a range.
        case integer(String, ClosedRange<Int>)
        /// A path to a file (completed with file names).
        case file(String)
        /// A path to a folder (completed with folder names).
        case folder(String)
        /// One of a few words.
        case choice(String, [String])
        /// A comma-separated list of some of a few words (`vtt,srt`).
        case list(String, [String])
    }

    /// The long name with its dashes, e.g. `--rate`.
    let name: String
    /// A one-letter alias with its dash, e.g. `-h`.
    var short: String?
    let value: Value
    /// What the option does: prose, wrapped when shown.
    let help: String
    /// The value used when the option is not given, as shown in help, or nil
    /// when the help already says it (or there is none).
    var defaultValue: String?
    /// Whether the option may be given more than once (`--lexicon`).
    var repeatable = false

    init(_ name: String, short: String? = nil, _ value: Value = .flag, default defaultValue: String? = nil,
         repeatable: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.defaultValue = defaultValue
        self.repeatable = repeatable
    }

    /// The same option with other help, for a command where it means a little
    /// more or less (the name and default stay the declared ones).
    /// `value` replaces the declared one when the command takes a different kind
    /// of value (a batch's `--epub NAME`, a file name rather than a path).
    func helping(_ help: String, value: Value? = nil) -> CLIOption {
        CLIOption(name, short: short, value ?? self.value, default: defaultValue, repeatable: repeatable, help: help)
    }

    /// The value's placeholder (`PRESET`, `N`), nil for a flag.
    var placeholder: String? {
        switch value {
        case .flag: nil
        case .text(let name), .integer(let name, _), .file(let name), .folder(let name), .choice(let name, _), .list(let name, _): name
        }
    }

    /// How the option is written in help: `-h, --help` or `--rate PRESET`.
    var signature: String {
        (short.map { $0 + ", " } ?? "") + name + (placeholder.map { " " + $0 } ?? "")
    }

    /// The help followed by the default, when one is declared.
    var fullHelp: String {
        guard let defaultValue else { return help }
        return help + " Default: \(defaultValue)."
    }
}
