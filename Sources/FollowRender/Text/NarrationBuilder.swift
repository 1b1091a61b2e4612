/// Accumulates narration text as a browser lays out inline content:
/// whitespace collapsed, paragraphs separated by one newline, `<br>` as a
/// newline inside a paragraph, and every emitted code unit mapped to its source.
struct NarrationBuilder {
    private var units: [UInt16] = []
    private var paragraphs: [Paragraph] = []
    private var languages: [LanguageRun] = []
    private var spans: [SourceSpan] = []

    /// Start of the open paragraph, when it has text.
    private var paragraphStart: Int?
    private var paragraphKind = Paragraph.Kind.text
    /// Source of a collapsed whitespace run waiting for the next visible character.
    private var pendingSpace: (node: Int, offset: Int, language: String)?
    private var pendingBreak = false
    /// A line of SVG text ended: the next text joins it (`joinLine`).
    private var pendingJoin = false

    private static let newline: UInt16 = 0x0A
    private static let space: UInt16 = 0x20
    /// - and ‐, which at a line end before a lowercase letter split a word.
    private static let hyphens: Set<UInt16> = [0x2D, 0x2010]

    /// Code units emitted so far.
    var count: Int { units.count }

    /// Appends the UTF-16 units of text node `node` as seen in `language`.
    mutating func append(_ text: [UInt16], node: Int, language: String, kind: Paragraph.Kind, preformatted: Bool) {
        for (offset, unit) in text.enumerated() {
            switch unit {
            case 0x20, 0x09, 0x0C:
                if preformatted, paragraphStart != nil {
                    flushBreak(language: language)
                    emit(unit, node: node, offset: offset, language: language)
                } else if !preformatted, pendingSpace == nil {
                    pendingSpace = (node, offset, language)
                }
            case 0x0A:
                if preformatted { pendingBreak = paragraphStart != nil } else if pendingSpace == nil { pendingSpace = (node, offset, language) }
            case 0x0D:
                if !preformatted, pendingSpace == nil { pendingSpace = (node, offset, language) }
            default:
                openParagraph(kind: kind, language: language)
                flushBreak(language: language)
                flushJoin(before: unit, language: language)
                if let space = pendingSpace, units.last != Self.newline, units.count > paragraphStart! {
                    emit(Self.space, node: space.node, offset: space.offset, language: space.language)
                }
                pendingSpace = nil
                emit(unit, node: node, offset: offset, language: language)
            }
        }
    }

    /// A `<br>`: the next text starts on a new line of the same paragraph.
    mutating func lineBreak() {
        if paragraphStart != nil { pendingBreak = true }
        pendingSpace = nil
    }

    /// A new line of SVG text in the same paragraph: the lines are joined with a
    /// space, or, when the line ends in a hyphen after a letter and the next
    /// starts with a lowercase letter, into one word without the hyphen.
    mutating func joinLine() {
        if paragraphStart != nil { pendingJoin = true }
        pendingSpace = nil
    }

    /// A block boundary: the open paragraph, if any, is finished.
    mutating func endParagraph() {
        if let start = paragraphStart {
            paragraphs.append(Paragraph(range: TextRange(location: start, length: units.count - start), kind: paragraphKind))
        }
        paragraphStart = nil
        pendingSpace = nil
        pendingBreak = false
        pendingJoin = false
    }

    /// The finished narration text.
    mutating func finish() -> ChapterText {
        endParagraph()
        return ChapterText(
            text: String(decoding: units, as: UTF16.self),
            paragraphs: paragraphs,
            languages: languages,
            sourceMap: spans
        )
    }

    private mutating func openParagraph(kind: Paragraph.Kind, language: String) {
        guard paragraphStart == nil else { return }
        if !units.isEmpty { emit(Self.newline, language: language) }
        paragraphStart = units.count
        paragraphKind = kind
        pendingSpace = nil
        pendingBreak = false
    }

    private mutating func flushJoin(before unit: UInt16, language: String) {
        guard pendingJoin else { return }
        pendingJoin = false
        pendingSpace = nil
        if let last = units.last, Self.hyphens.contains(last), CodeUnit.isLowercase(unit),
           units.count >= 2, CodeUnit.isLetter(units[units.count - 2]) {
            removeLast()
        } else if units.last.map(CodeUnit.isWhitespace) != true {
            emit(Self.space, language: language)
        }
    }

    /// Takes back the last emitted unit (a hyphen that joined two lines).
    private mutating func removeLast() {
        units.removeLast()
        languages[languages.count - 1].range.length -= 1
        if languages[languages.count - 1].range.length == 0 { languages.removeLast() }
        if let last = spans.last, last.range.end == units.count + 1 {
            spans[spans.count - 1].range.length -= 1
            if spans[spans.count - 1].range.length == 0 { spans.removeLast() }
        }
    }

    private mutating func flushBreak(language: String) {
        guard pendingBreak else { return }
        pendingBreak = false
        pendingSpace = nil
        emit(Self.newline, language: language)
    }

    private mutating func emit(_ unit: UInt16, node: Int? = nil, offset: Int = 0, language: String) {
        let location = units.count
        units.append(unit)
        if let last = languages.last, last.language == language {
            languages[languages.count - 1].range.length += 1
        } else {
            languages.append(LanguageRun(range: TextRange(location: location, length: 1), language: language))
        }
        guard let node else { return }
        if let last = spans.last, last.node == node, last.offset + last.range.length == offset, last.range.end == location {
            spans[spans.count - 1].range.length += 1
        } else {
            spans.append(SourceSpan(range: TextRange(location: location, length: 1), node: node, offset: offset))
        }
    }
}
