/// The faults found in one navigation document, counted by kind, so that
/// 10,000 bad entries are one warning line each kind rather than 10,000.
struct NavigationIssues {
    enum Kind: CaseIterable {
        case outside, missingFile, missingTarget, duplicateID, order, tooMany, tooDeep, longLabel, controlCharacters

        var warningKind: BookWarning.Kind {
            switch self {
            case .outside: .navigationOutside
            case .missingFile: .navigationMissingFile
            case .missingTarget: .navigationMissingTarget
            case .duplicateID: .navigationDuplicateID
            case .order: .navigationOrder
            case .tooMany: .navigationTooLarge
            case .tooDeep: .navigationTooDeep
            case .longLabel: .navigationLongLabel
            case .controlCharacters: .navigationControlCharacters
            }
        }

        /// What is done about entries of this kind.
        var consequence: String {
            switch self {
            case .outside, .missingFile: "the entry is dropped"
            case .missingTarget: "the entry starts at its document's start"
            case .duplicateID: "the first element with it is used"
            case .order: "the entry is left out of the chapter marks"
            case .tooMany: "the rest are left out"
            case .tooDeep: "deeper entries are read at that level"
            case .longLabel, .controlCharacters: "its label is made one line"
            }
        }
    }

    /// The document the entries are in, which every warning names.
    var document: String
    private var first: [Kind: String] = [:]
    private var counts: [Kind: Int] = [:]

    init(document: String) { self.document = document }

    /// Records one entry with the fault `kind`; `detail` describes it (the first one is shown).
    mutating func note(_ kind: Kind, _ detail: String) {
        counts[kind, default: 0] += 1
        if first[kind] == nil { first[kind] = detail }
    }

    /// One warning a kind, in a fixed order: the first entry's detail and how many more there are.
    var warnings: [BookWarning] {
        Kind.allCases.compactMap { kind in
            guard let count = counts[kind], let detail = first[kind] else { return nil }
            let more = count > 1 ? " (and \(count - 1) more like it)" : ""
            let what = kind == .tooMany ? "the table of contents has more than \(TableOfContents.maximumEntries) entries" : detail
            return BookWarning(TerminalText.line("\(document): \(what); \(kind.consequence)\(more)"), kind: kind.warningKind)
        }
    }
}
