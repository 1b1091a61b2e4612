import FollowRender

extension Arguments {
    /// `--matter all|body` (default `all`), shared by render, inspect and segment.
    mutating func matter() throws(UsageError) -> MatterSelection {
        guard let text = try option("--matter") else { return .all }
        guard let matter = MatterSelection(rawValue: text) else { throw UsageError("--matter takes all or body, not '\(text)'") }
        return matter
    }

    /// The help line of `--matter`.
    static let matterHelp = """
          --matter M        all (default) or body: only body matter, leaving out title and
                            copyright pages, tables of contents, dedications, colophons,
                            indexes, endnote sections (from epub:type/role, the landmarks
                            or the EPUB 2 guide).
        """
}
