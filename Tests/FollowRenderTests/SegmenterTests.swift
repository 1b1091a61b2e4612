import Foundation
import Testing
@testable import FollowRender

@Suite("Segmenter")
struct SegmenterTests {
    @Test("an empty text has no sentences")
    func emptyText() throws {
        #expect(try Segmenter.sentences(in: chapter([""])).isEmpty)
        #expect(try Segmenter.sentences(in: ChapterText(text: "", paragraphs: [], languages: [], sourceMap: [])).isEmpty)
    }

    @Test("splits English sentences and finds their words, without punctuation")
    func plainEnglish() throws {
        let result = try segment(["Call me Ishmael. Some years ago—never mind how long—I went to sea! Why? Don't ask."])
        #expect(result.sentences == [
            "Call me Ishmael.", "Some years ago—never mind how long—I went to sea!", "Why?", "Don't ask.",
        ])
        #expect(result.words[0] == ["Call", "me", "Ishmael"])
        #expect(result.words[1] == ["Some", "years", "ago", "never", "mind", "how", "long", "I", "went", "to", "sea"])
        #expect(result.words[3] == ["Don't", "ask"])
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("counts UTF-16 units around emoji, ZWJ sequences, flags and combining marks")
    func utf16Offsets() throws {
        let text = "Hi 👨‍👩‍👧 there 🇫🇷! Café résumé e\u{301}. 😀 ok"
        let sentences = try Segmenter.sentences(in: chapter([text]))
        #expect(sentences.map(\.range) == [range(0, 23), range(24, 21)])
        #expect(sentences.first?.words == [range(0, 2), range(12, 5)])
        #expect(sentences.last?.words == [range(24, 4), range(29, 6), range(36, 2), range(43, 2)])
        #expect(spanInvariantViolations(text: text, paragraphs: [range(0, text.utf16.count)], sentences: sentences).isEmpty)
    }

    @Test("keeps titles, Latin abbreviations, numbering words and initials inside a sentence")
    func abbreviationsJoin() throws {
        let result = try segment([
            "Dr. Watson met Mr. and Mrs. Hudson at St. Paul's. They talked.",
            "J. R. R. Tolkien wrote it. George W. Bush spoke. The U.S. Army came. It was decreed in A.D. 1695. But",
            "I like fruit, e.g. Apples, i.e. Sweet things. Smith vs. Jones. See No. 5 in Vol. 2 on p. 10. Done.",
        ])
        #expect(result.sentences == [
            "Dr. Watson met Mr. and Mrs. Hudson at St. Paul's.", "They talked.",
            "J. R. R. Tolkien wrote it.", "George W. Bush spoke.", "The U.S. Army came.", "It was decreed in A.D. 1695.", "But",
            "I like fruit, e.g. Apples, i.e. Sweet things.", "Smith vs. Jones.", "See No. 5 in Vol. 2 on p. 10.", "Done.",
        ])
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("still ends sentences after p.m., plain No., ordinals, the pronoun I and lowercase-led initials")
    func realSentenceEndsStay() throws {
        let result = try segment([
            "We met at 5 p.m. Then we left. No. It was not. He came 1st. Then me.",
            "No one was happier than I. Then we left. He lived in the U.S. Then he moved. It was plan B. Then C.",
        ])
        #expect(result.sentences == [
            "We met at 5 p.m.", "Then we left.", "No.", "It was not.", "He came 1st.", "Then me.",
            "No one was happier than I.", "Then we left.", "He lived in the U.S.", "Then he moved.", "It was plan B.", "Then C.",
        ])
    }

    @Test("keeps a dialogue tag after a question or exclamation in the sentence")
    func dialogueTags() throws {
        let result = try segment(["“Mr. Smith?” she asked. “Yes!” he said. What! no? Stop! Go."])
        #expect(result.sentences == ["“Mr. Smith?” she asked.", "“Yes!” he said.", "What! no?", "Stop!", "Go."])
    }

    @Test("never lets a sentence cross a paragraph boundary, even without final punctuation")
    func paragraphBoundaries() throws {
        let texts = ["Chapter One", "It began. Dr.", "Watson came"]
        let result = try segment(texts)
        #expect(result.sentences == ["Chapter One", "It began.", "Dr.", "Watson came"])
        let adjacent = "HeadingBody text."
        let paragraphs = [Paragraph(range: range(0, 7), kind: .heading), Paragraph(range: range(7, 10), kind: .text)]
        let sentences = try Segmenter.sentences(in: ChapterText(text: adjacent, paragraphs: paragraphs, languages: [], sourceMap: []))
        #expect(sentences.map(\.range) == [range(0, 7), range(7, 10)])
        #expect(spanInvariantViolations(text: adjacent, paragraphs: paragraphs.map(\.range), sentences: sentences).isEmpty)
    }

    @Test("trims spaces, no-break spaces, ideographic spaces, tabs and newlines from sentences")
    func trimming() throws {
        let result = try segment(["\u{3000}\u{00A0} Hello\u{00A0}there.\u{00A0}\u{3000}World!\t ", " \u{00A0}\u{3000}\t", "\u{2003}Last"])
        #expect(result.sentences == ["Hello\u{00A0}there.", "World!", "Last"])
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("ends a sentence at a line break inside a paragraph, so verse lines stay apart")
    func lineBreaksInsideParagraph() throws {
        let result = try segment(["April is the cruellest month, breeding\nLilacs out of the dead land, mixing\nMemory and desire."])
        #expect(result.sentences == ["April is the cruellest month, breeding", "Lilacs out of the dead land, mixing", "Memory and desire."])
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("joins a closing guillemet that ICU leaves alone to the sentence it closes")
    func strayClosingPunctuation() throws {
        let result = try segment(["Il a écrit : « Merci pour la lumière, et pour le pain. » Puis il est parti."], language: "fr")
        #expect(result.sentences == ["Il a écrit : « Merci pour la lumière, et pour le pain. »", "Puis il est parti."])
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("makes a paragraph of only punctuation one sentence with no words")
    func punctuationOnly() throws {
        let result = try segment(["Before.", "* * *", "After."])
        #expect(result.sentences == ["Before.", "* * *", "After."])
        #expect(result.words[1].isEmpty)
    }

    @Test("covers every non-whitespace character, even text outside all paragraphs")
    func coverageOutsideParagraphs() throws {
        let text = "Stray words. More\nBody. Text"
        let paragraphs = [range(18, 5)]
        let sentences = try Segmenter.sentences(in: ChapterText(
            text: text, paragraphs: paragraphs.map { Paragraph(range: $0, kind: .text) }, languages: [], sourceMap: []
        ))
        #expect(sentences.map(\.range) == [range(0, 12), range(13, 4), range(18, 5), range(24, 4)])
        #expect(spanInvariantViolations(text: text, paragraphs: paragraphs, sentences: sentences).isEmpty)
    }

    /// From internallinks.epub (OEBPS/0005.xhtml and 0007.xhtml); the "！" ending is ours, the corpus has none.
    @Test("segments Japanese at 。！？ and finds words as MeCab's bunsetsu")
    func japanese() throws {
        let result = try segment([
            "これはEPUB3でも採用できるでしょうか？最近、EPUBリーダが新しくなりましたので、何か変わったかと思い、もう一度調べてみました。次のようなコードのEPUBで試してみました。",
            "説明もサンプルも少ないので、これでは解釈統一のしようがないように思えますね！困ったものです。",
        ], language: "ja")
        #expect(result.sentences == [
            "これはEPUB3でも採用できるでしょうか？",
            "最近、EPUBリーダが新しくなりましたので、何か変わったかと思い、もう一度調べてみました。",
            "次のようなコードのEPUBで試してみました。",
            "説明もサンプルも少ないので、これでは解釈統一のしようがないように思えますね！",
            "困ったものです。",
        ])
        #expect(result.words[0] == ["これは", "EPUB3でも", "採用できるでしょうか"])
        #expect(result.words[2] == ["次の", "ような", "コードの", "EPUBで", "試してみました"])
        #expect(result.words[4] == ["困った", "ものです"])
        #expect(result.words.joined().allSatisfy { !$0.contains("、") && !$0.contains("。") && !$0.contains("？") })
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    /// From regime-anticancer-arabic.epub (EPUB/Content/C_content.xhtml).
    @Test("segments Arabic at ؟ and . with right-to-left words")
    func arabic() throws {
        let result = try segment([
            "لكن، من أين تتأتّى هذه الخلايا؟ في الواقع، إنّ وراء نشوء كلّ كائن حيّ ظاهرة تلقيح خليّة ذكرية.",
            "هاتان الخليّتان تنتجان أربع خلايا. وهذه الخلايا الأربع تولّد ثماني خلايا، ثمّ ستّ عشرة خليّة.",
        ], language: "ar")
        #expect(result.sentences == [
            "لكن، من أين تتأتّى هذه الخلايا؟",
            "في الواقع، إنّ وراء نشوء كلّ كائن حيّ ظاهرة تلقيح خليّة ذكرية.",
            "هاتان الخليّتان تنتجان أربع خلايا.",
            "وهذه الخلايا الأربع تولّد ثماني خلايا، ثمّ ستّ عشرة خليّة.",
        ])
        #expect(result.words[0] == ["لكن", "من", "أين", "تتأتّى", "هذه", "الخلايا"])
        #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("uses each language run inside a mixed-language paragraph, never letting a word cross runs")
    func mixedLanguages() throws {
        let text = "He said bonjour. これは日本語です。Thenfin."
        let units = Array(text.utf16)
        let runs = [
            LanguageRun(range: range(0, 8), language: "en"),
            LanguageRun(range: range(8, 7), language: "fr"),
            LanguageRun(range: range(17, 9), language: "ja"),
            LanguageRun(range: range(26, 4), language: "en-GB"),
            LanguageRun(range: range(30, 4), language: "not a tag!"),
        ]
        let paragraph = Paragraph(range: range(0, units.count), kind: .text)
        let sentences = try Segmenter.sentences(in: ChapterText(text: text, paragraphs: [paragraph], languages: runs, sourceMap: []))
        let strings = sentences.map { string(units, $0.range) }
        #expect(strings == ["He said bonjour.", "これは日本語です。", "Thenfin."])
        let words = sentences.map { $0.words.map { string(units, $0) } }
        #expect(words[0] == ["He", "said", "bonjour"])
        #expect(words[1] == ["これは", "日本語です"])
        #expect(words[2] == ["Then", "fin"])
        #expect(spanInvariantViolations(text: text, paragraphs: [paragraph.range], sentences: sentences).isEmpty)
    }

    @Test("segments all of Moby-Dick quickly with every invariant holding")
    func mobyDick() throws {
        let chapters = try CorpusBook(named: "moby-dick.epub").chapters(language: "en")
        let total = chapters.reduce(0) { $0 + $1.utf16Count }
        #expect(total > 1_000_000)
        let clock = ContinuousClock()
        var results: [[Sentence]] = []
        let elapsed = try clock.measure {
            results = try chapters.map { try Segmenter.sentences(in: $0) }
        }
        print("Segmenter: Moby-Dick, \(total) UTF-16 units, \(results.joined().count) sentences,",
              "\(results.joined().reduce(0) { $0 + $1.words.count }) words in \(elapsed)")
        #expect(elapsed < .seconds(10))
        for (chapter, sentences) in zip(chapters, results) {
            let violations = spanInvariantViolations(text: chapter.text, paragraphs: chapter.paragraphs.map(\.range), sentences: sentences)
            #expect(violations.isEmpty, "\(violations.prefix(5))")
        }
        let opening = try #require(chapters.first { $0.text.contains("Call me Ishmael.") })
        let units = Array(opening.text.utf16)
        let sentences = try Segmenter.sentences(in: opening).map { string(units, $0.range) }
        #expect(sentences.contains("Call me Ishmael."))
        #expect(sentences.contains("It is a way I have of driving off the spleen and regulating the circulation."))
    }

    @Test("holds every invariant on the Japanese and Arabic books of the corpus")
    func japaneseAndArabicBooks() throws {
        for (book, language) in [("internallinks.epub", "ja"), ("regime-anticancer-arabic.epub", "ar")] {
            let chapters = try CorpusBook(named: book).chapters(language: language)
            #expect(chapters.reduce(0) { $0 + $1.utf16Count } > 5_000, "\(book) has too little text")
            for chapter in chapters {
                let sentences = try Segmenter.sentences(in: chapter)
                let violations = spanInvariantViolations(text: chapter.text, paragraphs: chapter.paragraphs.map(\.range), sentences: sentences)
                #expect(violations.isEmpty, "\(book): \(violations.prefix(5))")
                #expect(sentences.allSatisfy { !$0.words.isEmpty || isSymbolsOnly(chapter.text, $0.range) })
            }
        }
    }
}

// MARK: - Helpers

private func range(_ location: Int, _ length: Int) -> TextRange {
    TextRange(location: location, length: length)
}

private func string(_ units: [UInt16], _ range: TextRange) -> String {
    String(decoding: units[range.location ..< range.end], as: UTF16.self)
}

/// Whether a sentence holds no letter or digit at all (so it may have no words).
private func isSymbolsOnly(_ text: String, _ range: TextRange) -> Bool {
    let units = Array(text.utf16)
    return !string(units, range).unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
}

/// A chapter of paragraphs joined by "\n", all in one language.
private func chapter(_ paragraphs: [String], language: String = "en") -> ChapterText {
    var ranges: [Paragraph] = []
    var location = 0
    for paragraph in paragraphs {
        let length = paragraph.utf16.count
        ranges.append(Paragraph(range: range(location, length), kind: .text))
        location += length + 1
    }
    let text = paragraphs.joined(separator: "\n")
    return ChapterText(
        text: text, paragraphs: ranges,
        languages: [LanguageRun(range: range(0, text.utf16.count), language: language)], sourceMap: []
    )
}

/// Sentences and words of `paragraphs` as strings, and any invariant violations.
private func segment(_ paragraphs: [String], language: String = "en") throws -> (sentences: [String], words: [[String]], violations: [String]) {
    let text = chapter(paragraphs, language: language)
    let units = Array(text.text.utf16)
    let sentences = try Segmenter.sentences(in: text)
    return (
        sentences.map { string(units, $0.range) },
        sentences.map { $0.words.map { string(units, $0) } },
        spanInvariantViolations(text: text.text, paragraphs: text.paragraphs.map(\.range), sentences: sentences)
    )
}

/// A book of the shared corpus, read with `unzip` and libxml2: just enough
/// chapter text (paragraphs and headings, whitespace collapsed) to segment.
private struct CorpusBook {
    let path: URL

    init(named name: String) throws {
        path = URL(fileURLWithPath: TestPaths.book(name))
        guard FileManager.default.fileExists(atPath: path.path) else { throw CorpusError(message: "corpus book missing: \(path.path)") }
    }

    func chapters(language: String) throws -> [ChapterText] {
        let members = try String(decoding: CommandRun.checked("/usr/bin/unzip", ["-Z1", path.path]), as: UTF8.self).split(separator: "\n").map(String.init)
        return try members.filter { $0.hasSuffix(".xhtml") || $0.hasSuffix(".html") }.sorted().compactMap { member in
            let document = try XMLDocument(data: CommandRun.checked("/usr/bin/unzip", ["-p", path.path, member]), path: member)
            let blocks: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "dt", "dd", "blockquote"]
            let paragraphs = (document.root?.descendants { blocks.contains($0.name) } ?? [])
                .filter { $0.firstDescendant { blocks.contains($0.name) } == nil }
                .map { $0.content.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
                .filter { !$0.isEmpty }
            return paragraphs.isEmpty ? nil : chapter(paragraphs, language: language)
        }
    }
}

private struct CorpusError: Error {
    let message: String
}
