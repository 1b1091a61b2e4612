/// Accumulates narration text as a browser lays out inline content:
/// whitespace collapsed, paragraphs separated by one newline, `<br>` as a
/// newline inside a paragraph, and every emitted code unit mapped to its source.
///
/// The text is kept once, as the `String` it becomes (UTF-8), filled from a
/// small buffer of UTF-16 units: a chapter of 50 MB is not also held as an
/// array of UTF-16 units twice its size.
struct NarrationBuilder {
    /// The text emitted so far, but for `buffer`.
    private var text = ""
    /// The latest units, moved into `text` when enough have gathered.
    private var buffer: [UInt16] = []
    /// Code units emitted so far (UTF-16).
    private(set) var count = 0
    /// The last two units emitted, latest first, for the line-joining rules.
    private var last: UInt16?
    private var beforeLast: UInt16?
    private var paragraphs: [Paragraph] = []
    private var languages: [LanguageRun] = []
    private var spans: [SourceSpan] = []

    /// Start of the open paragraph, when it has text.
    private var paragraphStart: Int?
    private var paragraphKind = Paragraph.Kind.text
    private var paragraphLevel: Int?
    /// Source of a collapsed whitespace run waiting for the next visible character.
    private var pendingSpace: (node: Int, offset: Int, language: String)?
    private var pendingBreak = false
    /// A line of SVG text ended: the next text joins it (`joinLine`).
    private var pendingJoin = false

    private static let newline: UInt16 = 0x0A
    private static let space: UInt16 = 0x20
    /// - and ‐, which at a line end before a lowercase letter split a word.
    private static let hyphens: Set<UInt16> = [0x2D, 0x2010]

    /// Units gathered before they are moved into `text`.
    private static let bufferSize = 8_192

    /// A builder whose text may grow to about `capacity` UTF-8 bytes without
    /// being moved (the size of the source document is a close upper bound).
    init(capacity: Int = 0) {
        text.reserveCapacity(capacity)
    }

    /// Appends the UTF-16 units of text node `node` as seen in `language`.
    mutating func append(_ text: [UInt16], node: Int, language: String, kind: Paragraph.Kind, level: Int? = nil, preformatted: Bool) {
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
                openParagraph(kind: kind, level: level, language: language)
                flushBreak(language: language)
                flushJoin(before: unit, language: language)
                if let space = pendingSpace, last != Self.newline, count > paragraphStart! {
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
            paragraphs.append(Paragraph(range: TextRange(location: start, length: count - start), kind: paragraphKind,
                                        level: paragraphKind == .heading ? paragraphLevel : nil))
        }
        paragraphStart = nil
        pendingSpace = nil
        pendingBreak = false
        pendingJoin = false
    }

    /// The finished narration text.
    mutating func finish() -> ChapterText {
        endParagraph()
        moveBuffer()
        return ChapterText(
            text: text,
            paragraphs: paragraphs,
            languages: languages,
            sourceMap: spans
        )
    }

    private mutating func openParagraph(kind: Paragraph.Kind, level: Int?, language: String) {
        guard paragraphStart == nil else { return }
        if count > 0 { emit(Self.newline, language: language) }
        paragraphStart = count
        paragraphKind = kind
        paragraphLevel = level
        pendingSpace = nil
        pendingBreak = false
    }

    private mutating func flushJoin(before unit: UInt16, language: String) {
        guard pendingJoin else { return }
        pendingJoin = false
        pendingSpace = nil
        if let last, Self.hyphens.contains(last), CodeUnit.isLowercase(unit),
           let beforeLast, CodeUnit.isLetter(beforeLast) {
            removeLast()
        } else if last.map(CodeUnit.isWhitespace) != true {
            emit(Self.space, language: language)
        }
    }

    /// Takes back the last emitted unit (a hyphen that joined two lines).
    /// The hyphen is one unit and one scalar. A unit is always emitted right
    /// after (`flushJoin` precedes an `emit`), so the unit before the letter
    /// that is now last is never asked for.
    private mutating func removeLast() {
        if buffer.isEmpty { text.unicodeScalars.removeLast() } else { buffer.removeLast() }
        (last, beforeLast) = (beforeLast, nil)
        count -= 1
        languages[languages.count - 1].range.length -= 1
        if languages[languages.count - 1].range.length == 0 { languages.removeLast() }
        if let last = spans.last, last.range.end == count + 1 {
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

    /// Moves the gathered units into `text`, never between the two halves of a surrogate pair.
    private mutating func moveBuffer() {
        text += String(decoding: buffer, as: UTF16.self)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func emit(_ unit: UInt16, node: Int? = nil, offset: Int = 0, language: String) {
        let location = count
        if buffer.count >= Self.bufferSize, !UTF16.isLeadSurrogate(buffer[buffer.count - 1]) { moveBuffer() }
        buffer.append(unit)
        count += 1
        (last, beforeLast) = (unit, last)
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
