import FollowRender

/// Every way `sentences` break the segmentation contract for `text`, as
/// one-line messages; empty when all invariants hold.
///
/// Checked: sentences are non-empty, inside the text, ordered and
/// non-overlapping, start and end on character (grapheme) boundaries, are
/// trimmed of whitespace, never cross a paragraph boundary, and together cover
/// every non-whitespace character; words are non-empty, ordered,
/// non-overlapping, inside their sentence, on character boundaries, hold no
/// whitespace and at least one letter or digit.
func spanInvariantViolations(text: String, paragraphs: [TextRange], sentences: [Sentence]) -> [String] {
    let units = Array(text.utf16)
    let boundaries = characterBoundaries(of: text)
    var violations: [String] = []
    var coveredUntil = 0
    var previousEnd = 0

    func excerpt(_ range: TextRange) -> String {
        let clipped = units[max(0, range.location) ..< min(units.count, max(range.location, range.end))]
        return "\(range.location)+\(range.length) \"\(String(decoding: clipped.prefix(40), as: UTF16.self))\""
    }

    for sentence in sentences {
        let range = sentence.range
        let name = "sentence \(excerpt(range))"
        guard range.length > 0, range.location >= 0, range.end <= units.count else {
            violations.append("\(name) is empty or outside the text of \(units.count) units")
            continue
        }
        if range.location < previousEnd { violations.append("\(name) overlaps or precedes the sentence before it") }
        if !boundaries.contains(range.location) || !boundaries.contains(range.end) {
            violations.append("\(name) splits a character")
        }
        if isWhitespace(units, at: range.location) || isWhitespace(units, at: range.end - 1) {
            violations.append("\(name) is not trimmed")
        }
        for paragraph in paragraphs where crosses(range, paragraph) {
            violations.append("\(name) crosses paragraph \(paragraph.location)+\(paragraph.length)")
        }
        for offset in coveredUntil ..< range.location where !isWhitespace(units, at: offset) {
            violations.append("non-whitespace unit at \(offset) is in no sentence")
            break
        }
        coveredUntil = max(coveredUntil, range.end)
        previousEnd = max(previousEnd, range.end)
        violations += wordViolations(sentence, units: units, boundaries: boundaries, name: name)
    }
    for offset in coveredUntil ..< units.count where !isWhitespace(units, at: offset) {
        violations.append("non-whitespace unit at \(offset) is in no sentence")
        break
    }
    return violations
}

private func wordViolations(_ sentence: Sentence, units: [UInt16], boundaries: Set<Int>, name: String) -> [String] {
    var violations: [String] = []
    var previousEnd = sentence.range.location
    for word in sentence.words {
        let label = "word \(word.location)+\(word.length) of \(name)"
        guard word.length > 0, sentence.range.contains(word) else {
            violations.append("\(label) is empty or outside its sentence")
            continue
        }
        if word.location < previousEnd { violations.append("\(label) overlaps or precedes the word before it") }
        previousEnd = word.end
        if !boundaries.contains(word.location) || !boundaries.contains(word.end) {
            violations.append("\(label) splits a character")
        }
        let scalars = String(decoding: units[word.location ..< word.end], as: UTF16.self).unicodeScalars
        if scalars.contains(where: { $0.properties.isWhitespace }) { violations.append("\(label) holds whitespace") }
        if !scalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
            violations.append("\(label) has no letter or digit")
        }
    }
    return violations
}

/// Whether `range` overlaps `paragraph` without lying inside it.
private func crosses(_ range: TextRange, _ paragraph: TextRange) -> Bool {
    let overlaps = range.location < paragraph.end && paragraph.location < range.end
    return overlaps && !paragraph.contains(range)
}

/// Unicode White_Space, judged on the scalar at a UTF-16 offset (surrogates never are).
private func isWhitespace(_ units: [UInt16], at offset: Int) -> Bool {
    Unicode.Scalar(UInt32(units[offset]))?.properties.isWhitespace ?? false
}

/// UTF-16 offsets at which a `Character` (extended grapheme cluster) starts, plus the end.
private func characterBoundaries(of text: String) -> Set<Int> {
    var offsets: Set<Int> = [0]
    var offset = 0
    for character in text {
        offset += character.utf16.count
        offsets.insert(offset)
    }
    return offsets
}
