/// Finds who speaks each quotation of a chapter, for the cast's voices
/// (`--cast`, `follow-render cast`), from the words around it:
///
/// 1. An attribution right after the quotation, in its paragraph: a verb of
///    speech and a name (`“…,” said Holmes`, `“…” replied the Queen`) or a name
///    and a verb (`“…,” Holmes said`, `“…” I asked`).
/// 2. Else one right before it, ending in a comma, colon or dash
///    (`Holmes said, “…”`, `said the Queen: “…”`).
/// 3. Else the speaker of another quotation of the same paragraph.
/// 4. Else, for a paragraph that is speech only (no narration around its
///    quotations), in a run of paragraphs that each hold speech, alternation:
///    it speaks for whoever spoke two paragraphs before it, when the paragraph
///    between had another speaker. (Guessing from the lines after it as well
///    was measured worse: a third speaker joining breaks the turns.)
///
/// A name is one to four capitalized words, after an article that is left out
/// ("the Mock Turtle" is `Mock Turtle`) and with titles (`Mrs. Ukridge`);
/// "I" (and `je`, `ich`, `yo`) is a speaker of its own, the narrator; other
/// pronouns ("she said") say that someone spoke, not who. Verbs are those of
/// `DialogueVerbs` for the chapter's language. Linear in the text.
public enum SpeakerAttribution {
    /// The speaker of each of `quotations` (in order), nil when not found.
    public static func speakers(of quotations: [Quotation], in text: ChapterText, units: [UInt16], language: String) -> [String?] {
        let verbs = DialogueVerbs.speechVerbs(language: language)
        var speakers = [String?](repeating: nil, count: quotations.count)
        for (index, quotation) in quotations.enumerated() {
            let paragraph = text.paragraphs[quotation.paragraph].range
            let nextStart = index + 1 < quotations.count && quotations[index + 1].paragraph == quotation.paragraph
                ? quotations[index + 1].range.location : paragraph.end
            let previousEnd = index > 0 && quotations[index - 1].paragraph == quotation.paragraph
                ? quotations[index - 1].range.end : paragraph.location
            let after = words(units, from: quotation.range.end, to: nextStart, stopAtSentenceEnd: true)
            if let found = after.flatMap({ following($0, verbs: verbs) }) {
                speakers[index] = found
            } else if let before = words(units, from: previousEnd, to: quotation.range.location, stopAtSentenceEnd: false),
                      introduces(units, before: quotation.range.location, from: previousEnd),
                      let found = preceding(before, verbs: verbs) {
                speakers[index] = found
            }
        }
        // Pronouns said someone spoke; they name no one.
        speakers = speakers.map { $0 == pronounMark ? nil : $0 }
        fillWithinParagraphs(&speakers, quotations)
        alternate(&speakers, quotations, bare: bareParagraphs(quotations, text: text, units: units))
        return speakers
    }

    /// The speakers found in `chapters` with their number of quotations, most
    /// first (then by name); a speaker's name as most often written.
    public static func census(of chapters: [Chapter]) -> [(name: String, quotations: Int)] {
        var counts: [String: [String: Int]] = [:]
        for chapter in chapters {
            let units = Array(chapter.text.text.utf16)
            let quotations = Quotations.find(in: chapter.text, units: units)
            for case let name? in speakers(of: quotations, in: chapter.text, units: units, language: chapter.language) {
                counts[key(name), default: [:]][name, default: 0] += 1
            }
        }
        return counts.values.map { spellings in
            let name = spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            return (name, spellings.values.reduce(0, +))
        }.sorted { ($0.quotations, $1.name) > ($1.quotations, $0.name) }
    }

    /// The form of a name a cast file's name is matched with: its words, lowercased,
    /// without dots and without a leading article ("The Queen" and "queen" are one).
    public static func key(_ name: String) -> String {
        var words = name.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }.map(String.init)
        if words.count > 1, articles.contains(words[0]) { words.removeFirst() }
        return words.joined(separator: " ")
    }

    // MARK: - Words

    private struct Word {
        var text: String
        var capitalized: Bool
    }

    private static let articles: Set<String> = ["the", "der", "die", "das", "le", "la", "les", "l'", "el", "los", "las"]
    private static let titles: Set<String> = ["mr", "mrs", "ms", "dr", "st", "m", "mme", "mlle", "sr", "sra", "prof", "rev", "capt", "col"]
    private static let firstPerson: Set<String> = ["i", "je", "j'", "ich", "yo"]
    private static let otherPronouns: Set<String> = [
        "he", "she", "they", "it", "we", "you", "il", "elle", "ils", "elles", "on", "nous", "vous", "er", "sie", "es", "wir", "ihr",
        "él", "ella", "ellos", "ellas", "nosotros", "usted",
    ]
    /// Marks that end a sentence: . ! ? 。 ;
    private static let sentenceEnds: Set<UInt16> = [0x2E, 0x21, 0x3F, 0x3002, 0x3B]
    /// Marks that introduce a quotation: , : — – - ， 、
    private static let introducers: Set<UInt16> = [0x2C, 0x3A, 0x2014, 0x2013, 0x2D, 0xFF0C, 0x3001]

    /// What a pronoun attribution returns before it is dropped.
    private static let pronounMark = "\u{0}"

    /// The words of `units[start..<end]`, up to the end of the first sentence when asked; nil when there are none.
    private static func words(_ units: [UInt16], from start: Int, to end: Int, stopAtSentenceEnd: Bool) -> [Word]? {
        var result: [Word] = []
        var offset = start
        let limit = min(end, start + 400, units.count)
        let earliest = max(start, end - 400)
        if !stopAtSentenceEnd { offset = earliest }
        while offset < (stopAtSentenceEnd ? limit : end) {
            let unit = units[offset]
            if CodeUnit.isLetter(unit) {
                var stop = offset
                while stop < end, continuesWord(units, at: stop, end: end) { stop += 1 }
                let text = String(decoding: units[offset..<stop], as: UTF16.self)
                result.append(Word(text: text, capitalized: CodeUnit.isUppercase(unit)))
                if stop < end, units[stop] == 0x2E, titles.contains(text.lowercased()) { stop += 1 }
                offset = stop
                continue
            }
            if sentenceEnds.contains(unit) {
                if stopAtSentenceEnd, !result.isEmpty { break }
                if !stopAtSentenceEnd { result.removeAll() }
            }
            offset += 1
        }
        return result.isEmpty ? nil : result
    }

    /// Whether the unit at `offset` belongs to the word before it: a letter, or an apostrophe between letters.
    private static func continuesWord(_ units: [UInt16], at offset: Int, end: Int) -> Bool {
        let unit = units[offset]
        if CodeUnit.isLetter(unit) { return true }
        guard unit == 0x27 || unit == 0x2019, offset + 1 < end else { return false }
        return CodeUnit.isLetter(units[offset + 1])
    }

    /// Whether the narration before a quotation introduces it: it ends in a comma, colon or dash.
    private static func introduces(_ units: [UInt16], before location: Int, from start: Int) -> Bool {
        var offset = location - 1
        while offset >= start, CodeUnit.isWhitespace(units[offset]) { offset -= 1 }
        return offset >= start && introducers.contains(units[offset])
    }

    /// A name (or pronoun) starting at `index`: article skipped, then capitalized words.
    private static func name(in words: [Word], at index: Int, verbs: Set<String>) -> String? {
        guard index < words.count else { return nil }
        let first = words[index].text.lowercased()
        if firstPerson.contains(first) { return "I" }
        if otherPronouns.contains(first) { return pronounMark }
        var start = index
        if articles.contains(first) { start += 1 }
        var end = start
        while end < words.count, end - start < 4, words[end].capitalized, !verbs.contains(words[end].text),
              end > index || !DialogueVerbs.openers.contains(words[end].text.lowercased()) {
            end += 1
        }
        guard end > start else { return nil }
        return words[start..<end].map { titles.contains($0.text.lowercased()) ? $0.text + "." : $0.text }.joined(separator: " ")
    }

    /// The attribution after a quotation: `said NAME` or `NAME said`, at its start.
    private static func following(_ words: [Word], verbs: Set<String>) -> String? {
        if verbs.contains(words[0].text.lowercased()) { return name(in: words, at: 1, verbs: verbs) }
        for verb in 1..<min(words.count, 6) where verbs.contains(words[verb].text.lowercased()) {
            guard let found = name(in: words, at: 0, verbs: verbs) else { return nil }
            if found == pronounMark || found == "I" { return found }
            // The name must reach the verb: "Alice said", not "Alice, smiling, said".
            let article: Int = articles.contains(words[0].text.lowercased()) ? 1 : 0
            let nameWords: Int = found.split(separator: " ").count
            return nameWords + article == verb ? found : nil
        }
        return nil
    }

    /// The attribution before a quotation: `NAME said,` or `said NAME:`, at its end.
    private static func preceding(_ words: [Word], verbs: Set<String>) -> String? {
        let last = words.count - 1
        if verbs.contains(words[last].text.lowercased()) {
            var start = last
            while start > 0, last - start < 4, words[start - 1].capitalized || articles.contains(words[start - 1].text.lowercased()) {
                start -= 1
                if articles.contains(words[start].text.lowercased()) || firstPerson.contains(words[start].text.lowercased())
                    || otherPronouns.contains(words[start].text.lowercased()) { break }
            }
            return start < last ? name(in: words, at: start, verbs: verbs) : nil
        }
        for verb in stride(from: last - 1, through: max(0, last - 5), by: -1) where verbs.contains(words[verb].text.lowercased()) {
            guard let found = name(in: words, at: verb + 1, verbs: verbs) else { return nil }
            return found
        }
        return nil
    }

    // MARK: - Filling in

    /// A quotation with no attribution takes that of the nearest attributed quotation of its paragraph.
    private static func fillWithinParagraphs(_ speakers: inout [String?], _ quotations: [Quotation]) {
        var start = 0
        while start < quotations.count {
            var end = start
            while end < quotations.count, quotations[end].paragraph == quotations[start].paragraph { end += 1 }
            if let known = speakers[start..<end].compactMap({ $0 }).first {
                var last = known
                for index in start..<end {
                    if let own = speakers[index] { last = own } else { speakers[index] = last }
                }
            }
            start = end
        }
    }

    /// The paragraphs (indexes) whose text outside their quotations has no letter.
    private static func bareParagraphs(_ quotations: [Quotation], text: ChapterText, units: [UInt16]) -> Set<Int> {
        var bare: Set<Int> = []
        var start = 0
        while start < quotations.count {
            var end = start
            while end < quotations.count, quotations[end].paragraph == quotations[start].paragraph { end += 1 }
            let paragraph = text.paragraphs[quotations[start].paragraph].range
            var offset = paragraph.location, letters = false
            for index in start..<end {
                letters = letters || (offset..<quotations[index].range.location).contains { CodeUnit.isLetter(units[$0]) }
                offset = quotations[index].range.end
            }
            letters = letters || (offset..<paragraph.end).contains { CodeUnit.isLetter(units[$0]) }
            if !letters { bare.insert(quotations[start].paragraph) }
            start = end
        }
        return bare
    }

    /// In a run of consecutive paragraphs with speech, an unattributed paragraph
    /// speaks for the speaker two paragraphs away when the one between differs.
    private static func alternate(_ speakers: inout [String?], _ quotations: [Quotation], bare: Set<Int>) {
        // One entry per paragraph with speech: its quotations and its speaker.
        var turns: [(paragraph: Int, quotations: Range<Int>, speaker: String?)] = []
        var start = 0
        while start < quotations.count {
            var end = start
            while end < quotations.count, quotations[end].paragraph == quotations[start].paragraph { end += 1 }
            turns.append((quotations[start].paragraph, start..<end, speakers[start]))
            start = end
        }
        let inRun = { (a: Int, b: Int) in turns[b].paragraph - turns[a].paragraph == b - a }
        let guessed = { (index: Int, other: Int, between: Int) -> String? in
            guard turns.indices.contains(other), turns.indices.contains(between), inRun(min(index, other), max(index, other)),
                  let speaker = turns[other].speaker, let middle = turns[between].speaker, middle != speaker else { return nil }
            return speaker
        }
        for index in turns.indices where turns[index].speaker == nil && bare.contains(turns[index].paragraph) {
            turns[index].speaker = guessed(index, index - 2, index - 1)
        }
        for turn in turns {
            for index in turn.quotations where speakers[index] == nil { speakers[index] = turn.speaker }
        }
    }
}
