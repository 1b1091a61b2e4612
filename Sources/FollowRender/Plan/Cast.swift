import Foundation

/// The characters given voices of their own (`--cast FILE`): a UTF-8 TSV file
/// of `name<TAB>voice` lines, a third column (a count, a note) ignored; `#`
/// starts a comment line, blank lines are skipped. A name is matched with the
/// speakers `SpeakerAttribution` finds by `SpeakerAttribution.key` (case, dots
/// and a leading article aside); a voice is `NAME`, `NAME+VARIANT` or `+VARIANT`.
///
/// A bad line (no tab, an empty name or voice, control characters, a name that
/// names no one, a name given twice) is left out with one warning per kind,
/// naming its first line; a file that cannot be read, is not UTF-8, is larger
/// than `maxBytes` or has more than `maxLines` lines, or has no usable line, is refused.
public struct Cast: Hashable, Sendable, Codable {
    /// One character and the voice that speaks for them.
    public struct Member: Hashable, Sendable, Codable {
        public var name: String
        public var voice: String
        /// The line of the file it was given on (for messages).
        public var line: Int

        public init(name: String, voice: String, line: Int) {
            self.name = name
            self.voice = voice
            self.line = line
        }

        public var key: String { SpeakerAttribution.key(name) }
    }

    /// A fault of a cast file that leaves lines out.
    public struct Warning: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case malformedLine, controlCharacters, namesNoOne, duplicateName
        }

        public var kind: Kind
        /// The lines concerned, in order.
        public var lines: [Int]

        public var description: String {
            let first = "line \(lines[0])" + (lines.count > 1 ? " (and \(lines.count - 1) more)" : "")
            switch kind {
            case .malformedLine: return "\(first): not NAME<TAB>VOICE with a name and a voice; left out"
            case .controlCharacters: return "\(first): control characters in the line; left out"
            case .namesNoOne: return "\(first): the name is a pronoun, an article or a verb of speech, which names no speaker; left out"
            case .duplicateName: return "\(first): a name given a voice on an earlier line; left out"
            }
        }
    }

    public static let maxBytes = 1 << 20
    public static let maxLines = 10_000
    public static let maxNameLength = 100

    /// The file's path as given (for messages).
    public var file: String
    public var members: [Member]

    public init(file: String, members: [Member]) {
        self.file = file
        self.members = members
    }

    /// The member named `key` (`SpeakerAttribution.key`), if any.
    public func member(forKey key: String) -> Member? {
        members.first { $0.key == key }
    }

    /// Reads the cast file at `path`; `warn` gets one warning per kind of bad line.
    public static func read(path: String, warn: (Warning) -> Void) throws(BookError) -> Cast {
        let data: Data
        do {
            data = try OwnFile.read(path, limit: OwnFile.Limit(what: "cast file", ceiling: maxBytes, expansion: 1), access: .system, available: nil)
        } catch {
            let kind: BookError.Kind = switch error.kind {
            case .notFound: .notFound
            case .notAFile: .notAFile
            case .tooLarge: .tooLarge
            default: .unreadable
            }
            throw BookError(kind, file: path, error.reason, cause: error)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BookError(.unreadable, file: path, "the cast file is not UTF-8 text")
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard lines.count <= maxLines else {
            throw BookError(.tooLarge, file: path, "the cast file has \(lines.count) lines, more than \(maxLines)")
        }
        var members: [Member] = []
        var faults: [Warning.Kind: [Int]] = [:]
        var seen: Set<String> = []
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            var line = rawLine
            if line.hasSuffix("\r") { line.removeLast() }
            if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            if line.unicodeScalars.contains(where: isControl) {
                faults[.controlCharacters, default: []].append(number)
                continue
            }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count >= 2, !columns[0].isEmpty, !columns[1].isEmpty,
                  columns[0].count <= maxNameLength else {
                faults[.malformedLine, default: []].append(number)
                continue
            }
            let member = Member(name: columns[0], voice: columns[1], line: number)
            let key = member.key
            guard !key.isEmpty, !namesNoOne(key) else {
                faults[.namesNoOne, default: []].append(number)
                continue
            }
            guard seen.insert(key).inserted else {
                faults[.duplicateName, default: []].append(number)
                continue
            }
            members.append(member)
        }
        for kind in Warning.Kind.allCases { if let lines = faults[kind] { warn(Warning(kind: kind, lines: lines)) } }
        guard !members.isEmpty else { throw BookError(.malformed, file: path, "the cast file gives no character a voice") }
        return Cast(file: path, members: members)
    }

    /// A control or format character other than the tab.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != "\t" else { return false }
        let category = scalar.properties.generalCategory
        return category == .control || category == .format
    }

    /// Whether a name is a word that never names a speaker.
    private static func namesNoOne(_ key: String) -> Bool {
        let verbs = DialogueVerbs.verbs.union(DialogueVerbs.french).union(DialogueVerbs.german).union(DialogueVerbs.spanish)
        return DialogueVerbs.openers.contains(key) || verbs.contains(key)
    }
}
