import FollowRender

/// The words after a command name, consumed option by option.
///
/// Options take `--name value` or `--name=value`; anything left over that looks
/// like an option is a usage error, so typos never pass silently.
struct Arguments {
    private var words: [String]

    init(_ words: [String]) { self.words = words }

    /// Whether `--help` or `-h` was given.
    var wantsHelp: Bool { words.contains("--help") || words.contains("-h") }

    /// Removes a flag and says whether it was present.
    mutating func flag(_ option: CLIOption) -> Bool {
        flag(option.name)
    }

    /// Removes an option and returns its value, or nil when absent.
    mutating func value(_ option: CLIOption) throws(UsageError) -> String? {
        try self.option(option.name)
    }

    /// Removes every occurrence of a repeatable option and returns their values in order.
    mutating func values(_ option: CLIOption) throws(UsageError) -> [String] {
        var values: [String] = []
        while let value = try self.option(option.name) { values.append(value) }
        return values
    }

    /// Removes a whole-number option and checks it is within its declared range.
    mutating func integer(_ option: CLIOption) throws(UsageError) -> Int? {
        guard case .integer(_, let range) = option.value else { preconditionFailure("\(option.name) is not a whole number") }
        return try integer(option.name, in: range)
    }

    private mutating func flag(_ name: String) -> Bool {
        guard let index = words.firstIndex(of: name) else { return false }
        words.remove(at: index)
        return true
    }

    private mutating func option(_ name: String) throws(UsageError) -> String? {
        if let index = words.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(words[index].dropFirst(name.count + 1))
            words.remove(at: index)
            return value
        }
        guard let index = words.firstIndex(of: name) else { return nil }
        guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
            throw UsageError("\(name) needs a value")
        }
        let value = words[index + 1]
        words.removeSubrange(index...(index + 1))
        return value
    }

    private mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// The value of `name` for a command that takes that one option and no
    /// positional words (`presets`, `voices`): other words are ignored, other
    /// options refused.
    mutating func onlyOption(_ option: CLIOption) throws(UsageError) -> String? {
        let value = try value(option)
        _ = try positionals()
        return value
    }

    /// Removes and returns the remaining positional words, refusing unknown options.
    mutating func positionals() throws(UsageError) -> [String] {
        if let unknown = words.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UsageError("unknown option '\(unknown)'")
        }
        defer { words.removeAll() }
        return words
    }

    /// Exactly `count` positional words, named in the error when missing.
    mutating func positionals(_ names: String...) throws(UsageError) -> [String] {
        let values = try positionals()
        if values.count < names.count {
            throw UsageError("missing \(names[values.count...].joined(separator: " and "))")
        }
        if values.count > names.count {
            throw UsageError("unexpected argument '\(values[names.count])'")
        }
        return values
    }
}

/// A mistake in how the command was called: exit 2 with the command's usage.
///
/// The common shapes take the option's declaration, so its name comes from
/// the table (`CLIOption`), never from a string typed into a message.
struct UsageError: CausedError {
    let description: String
    /// The library's error behind this one (a `SettingError`), when the library found the fault.
    let cause: (any Error)?

    init(_ description: String, cause: (any Error)? = nil) {
        self.description = description
        self.cause = cause
    }

    /// `--format takes mp3, wav, flac or ogg, not 'aiff'`.
    static func invalid(_ option: CLIOption, _ value: String, expected: String) -> UsageError {
        UsageError("\(option.name) takes \(expected), not '\(value)'")
    }

    /// `--granularity needs --epub`.
    static func needs(_ option: CLIOption, _ other: CLIOption) -> UsageError {
        UsageError("\(option.name) needs \(other.name)")
    }

    /// `give --rate or --wpm, not both`.
    static func exclusive(_ one: CLIOption, _ other: CLIOption, why: String = "") -> UsageError {
        UsageError("give \(one.name) or \(other.name), not both" + why)
    }
}
