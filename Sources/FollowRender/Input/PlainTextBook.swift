import Foundation

/// Plain text as chapters: a heading line (`Chapter 12`, `CHAPTER XII`,
/// `第十二章`, `第12話`, or an upper-case line alone between blank lines)
/// starts a chapter, or a line matching `--split-on`; without any, the whole
/// text is one chapter. Paragraphs are separated by blank lines; the lines of
/// a hard-wrapped paragraph are joined, and a hyphen at a line end before a
/// lowercase letter joins the word.
///
/// A heading line that opens the file and is followed by another heading
/// before any text is the book's title, not a chapter.
struct PlainTextBook {
    var chapters: [DraftBook.Chapter]
    var title: String?

    private static let numberWords = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
        + "|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|first|second|third|last"

    private static let headingPatterns = [
        // A title may follow the number, but a line ending like a sentence is prose.
        #"^(chapter|part|book)\s+([0-9]+|[ivxlcdm]+|(\#(numberWords))(-(\#(numberWords)))?)\b([.:]?|[.:—–-]?\s+.*[^.!?;,])$"#,
        #"^(prologue|epilogue|preface|introduction|afterword)\b([.:]?|[.:—–-]?\s+.*[^.!?;,])$"#,
        #"^第\s*[0-9０-９一二三四五六七八九十百千〇零两]+\s*[章話话回節节部巻卷幕]"#,
    ].map { try! NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }

    init(text: String, title: String, splitOn: String?) throws(BookError) {
        let custom: NSRegularExpression?
        do {
            custom = try splitOn.map { try NSRegularExpression(pattern: $0, options: []) }
        } catch {
            let setting = SettingError(.splitOn, "\(Setting.splitOn): not a regular expression: \(splitOn ?? "")", cause: error)
            throw BookError(.setting, setting.reason, cause: setting)
        }
        let lines = Self.lines(text)
        var chapters: [(title: String?, lines: [String])] = [(nil, [])]
        for (index, line) in lines.enumerated() {
            let isHeading = custom.map { Self.matches($0, line) }
                ?? Self.isHeading(line, before: index > 0 ? lines[index - 1] : "", after: index + 1 < lines.count ? lines[index + 1] : "")
            if isHeading {
                chapters.append((Self.trimmed(line), []))
            } else {
                chapters[chapters.count - 1].lines.append(line)
            }
        }
        let isEmpty = { (lines: [String]) in lines.allSatisfy { Self.trimmed($0).isEmpty } }
        if isEmpty(chapters[0].lines) { chapters.removeFirst() }
        if chapters.count > 1, let first = chapters[0].title, isEmpty(chapters[0].lines) {
            self.title = first
            chapters.removeFirst()
        }
        let bookTitle = self.title ?? title
        self.chapters = chapters.map { chapter in
            var body = chapter.title.map { "<h1>\(XMLEscaping.escaped($0))</h1>\n" } ?? ""
            for paragraph in Self.paragraphs(chapter.lines) {
                for piece in LongParagraph.pieces(paragraph) { body += "<p>\(XMLEscaping.escaped(piece))</p>\n" }
            }
            return DraftBook.Chapter(title: chapter.title ?? bookTitle, body: body)
        }
    }

    /// The lines of `text`: LF, CRLF, CR, form feed, NEL and the Unicode line
    /// and paragraph separators all end one. Scalar by scalar, as grapheme
    /// breaking is slow on long texts.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where afterCR:
                afterCR = false
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                lines.append(String(line))
                line = String.UnicodeScalarView()
                afterCR = scalar.value == 0x0D
            default:
                line.append(scalar)
                afterCR = false
            }
        }
        lines.append(String(line))
        return lines
    }

    /// Whether a line is a chapter heading by the built-in rules.
    static func isHeading(_ line: String, before: String, after: String) -> Bool {
        let trimmed = trimmed(line)
        guard !trimmed.isEmpty, trimmed.count <= 80 else { return false }
        let blank = { (text: String) in Self.trimmed(text).isEmpty }
        guard blank(before) else { return false }
        if headingPatterns.contains(where: { matches($0, trimmed) }) { return true }
        guard blank(after), trimmed.count <= 60 else { return false }
        let cased = trimmed.unicodeScalars.filter { $0.properties.changesWhenCaseMapped }
        return cased.count >= 2 && cased.allSatisfy { $0.properties.isUppercase }
    }

    private static func matches(_ expression: NSRegularExpression, _ line: String) -> Bool {
        expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// Blocks separated by blank lines, each joined into one line.
    static func paragraphs(_ lines: [String]) -> [String] {
        var result: [String] = []
        var current = ""
        for raw in lines {
            let line = trimmed(raw)
            if line.isEmpty {
                if !current.isEmpty { result.append(current) }
                current = ""
            } else {
                append(line, to: &current)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// `text` without surrounding spaces and tabs (native, as Foundation's trimming is slow on long texts).
    static func trimmed(_ text: String) -> String {
        let isBlank = { (character: Character) in character == " " || character == "\t" || character == "\u{A0}" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(text[first...last])
    }

    /// Joins a wrapped line to the text before it, in place (a paragraph of
    /// many lines is not copied line by line): a word split by a hyphen is
    /// mended, CJK text is joined without a space, anything else with one.
    static func append(_ line: String, to text: inout String) {
        guard let last = text.last, let first = line.first else { return text += line }
        if last == "-", first.isLowercase, text.dropLast().last?.isLetter == true {
            text.removeLast()
        } else if !isWide(last), !isWide(first) {
            text += " "
        }
        text += line
    }

    /// Characters of scripts written without spaces between words.
    static func isWide(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFFEF).contains(value)
            || (0x20000...0x2FA1F).contains(value)
    }
}
