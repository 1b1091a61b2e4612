/// YAML front matter at the start of a Markdown file (`---` … `---`): the
/// `title`, `author`/`authors` (a string, a `[a, b]` list or `- a` lines) and
/// `lang`/`language` keys. Other keys are ignored; this is not a YAML parser.
struct FrontMatter: Hashable, Sendable {
    var title: String?
    var authors: [String] = []
    var language: String?
    /// The Markdown after the front matter.
    var body: String

    init(_ text: String) {
        var lines = PlainTextBook.lines(text)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
              let end = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingCharacters(in: .whitespaces)) })
        else {
            body = text
            return
        }
        var key: String?
        for line in lines[1..<end] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- "), key == "author" || key == "authors" {
                authors.append(Self.unquoted(String(trimmed.dropFirst(2))))
                continue
            }
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" ") else { continue }
            key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            switch key {
            case "title": title = Self.unquoted(value)
            case "author", "authors":
                if value.hasPrefix("["), value.hasSuffix("]") {
                    authors += value.dropFirst().dropLast().split(separator: ",").map { Self.unquoted(String($0)) }
                } else {
                    authors.append(Self.unquoted(value))
                }
            case "lang", "language": language = Self.unquoted(value)
            default: break
            }
        }
        authors = authors.filter { !$0.isEmpty }
        lines.removeSubrange(0...end)
        // Blank lines keep the Markdown's line numbers for messages.
        body = String(repeating: "\n", count: end + 1) + lines.joined(separator: "\n")
    }

    private static func unquoted(_ value: String) -> String {
        var text = value.trimmingCharacters(in: .whitespaces)
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }
}
