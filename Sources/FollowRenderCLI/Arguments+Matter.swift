import FollowRender

extension Arguments {
    /// `--matter all|body` (default `all`), shared by render, inspect and segment.
    mutating func matter() throws(UsageError) -> MatterSelection {
        guard let text = try value(.matter) else { return .all }
        guard let matter = MatterSelection(rawValue: text) else { throw UsageError.invalid(.matter, text, expected: "all or body") }
        return matter
    }
}
