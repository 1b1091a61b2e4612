import Foundation
import Testing
@testable import FollowRender

@Suite("Text and Markdown inputs")
struct InputTextTests {
    @Test("each encoding fixture is detected, converted and given the language of its script",
          arguments: [
              ("kettle-utf16le-bom.txt", "UTF-16LE", "byte-order mark", "en", "The kettle sang in the kitchen."),
              ("harbour-shift_jis.txt", "Shift_JIS", "detected", "ja", "朝の港は静かだった。"),
              ("harbour-gb18030.txt", "GB18030", "detected", "zh", "清晨的码头很安静。"),
              ("parcel-windows-1252.txt", "windows-1252", "detected", "en", "“It’s for you,” said the postman, ‘signed and sealed.’"),
              ("lighthouse.txt", "UTF-8", "valid UTF-8", "en", "She counted them aloud, because her grandfather had counted them aloud, and the habit was a kind of inheritance."),
          ])
    func encodings(name: String, encoding: String, source: String, language: String, sentence: String) throws {
        let (archive, chapters) = try InputFixtures.read(InputFixtures.path(name))
        #expect(archive.input?.format == .text)
        #expect(archive.input?.encoding == encoding)
        #expect(archive.input?.encodingSource?.hasPrefix(source) == true)
        #expect(archive.input?.languageSource == "script")
        #expect(archive.book.metadata.language == language)
        #expect(archive.warnings.isEmpty, "\(archive.warnings)")
        #expect(chapters.flatMap(\.sentenceTexts).contains(sentence), "\(chapters.flatMap(\.sentenceTexts))")
        #expect(chapters.allSatisfy { !$0.text.text.contains("\u{FFFD}") })
    }

    @Test("byte-order marks of UTF-8, UTF-16 BE and UTF-32 LE/BE decide the encoding",
          arguments: [("UTF-8", [UInt8]([0xEF, 0xBB, 0xBF])), ("UTF-16BE", [0xFE, 0xFF]), ("UTF-32LE", [0xFF, 0xFE, 0, 0]),
                      ("UTF-32BE", [0, 0, 0xFE, 0xFF])])
    func byteOrderMarks(encoding: String, mark: [UInt8]) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "Chapter 1\n\nSnow fell on Łódź and on Zürich. 雪が降った。\n"
        let body: [UInt8]
        switch encoding {
        case "UTF-8": body = Array(text.utf8)
        case "UTF-16BE": body = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default:
            body = text.unicodeScalars.flatMap { scalar -> [UInt8] in
                let bytes = (0..<4).map { UInt8((scalar.value >> (8 * UInt32($0))) & 0xFF) }
                return encoding == "UTF-32LE" ? bytes : bytes.reversed()
            }
        }
        let path = folder + "/snow.txt"
        try Data(mark + body).write(to: URL(fileURLWithPath: path))
        let (archive, chapters) = try InputFixtures.read(path)
        #expect(archive.input?.encoding == encoding && archive.input?.encodingSource == "byte-order mark")
        #expect(chapters.first?.text.text == "Chapter 1\nSnow fell on Łódź and on Zürich. 雪が降った。")
    }

    @Test("the Windows-1252 text keeps its accents and dashes")
    func windows1252() throws {
        let text = try InputFixtures.read(InputFixtures.path("parcel-windows-1252.txt")).chapters[0].text.text
        #expect(text.contains("a café menu from 1953 – a little faded — and a note."))
    }

    @Test("--encoding overrides detection, and an unknown name is refused")
    func encodingOverride() throws {
        let path = InputFixtures.path("harbour-shift_jis.txt")
        let archive = try BookSource.open(path: path, options: InputOptions(encoding: "Shift_JIS"))
        #expect(archive.input?.encoding == "Shift_JIS" && archive.input?.encodingSource == "\(Setting.encoding)")
        #expect(throws: BookError.self) { try BookSource.open(path: path, options: InputOptions(encoding: "no-such-charset")) }
    }

    @Test("undecodable bytes are replaced, with one warning naming the first byte offset")
    func undecodableBytes() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/broken.txt"
        var bytes = Array("Chapter 1\n\nThe first line is fine.\n".utf8)
        let offset = bytes.count
        bytes += [0xFF, 0xFE, 0xC3] + Array(" And the rest reads on.\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (archive, chapters) = try InputFixtures.read(path, InputOptions(encoding: "UTF-8"))
        #expect(archive.warnings.count == 1)
        #expect(archive.warnings.first?.message.contains("at byte \(offset)") == true, "\(archive.warnings)")
        #expect(chapters[0].text.text.contains("\u{FFFD}"))
        #expect(chapters[0].text.text.contains("And the rest reads on."))
    }

    @Test("plain-text heading lines start chapters, a title line opens the book, wrapped lines and split words are joined")
    func plainTextChapters() throws {
        let (archive, chapters) = try InputFixtures.read(InputFixtures.path("lighthouse.txt"))
        #expect(archive.book.metadata.title == "THE LIGHTHOUSE ON GULL ROCK")
        #expect(chapters.map(\.title) == ["Chapter 1", "CHAPTER II"])
        #expect(chapters.map(\.href) == ["lighthouse.txt#chapter-1", "lighthouse.txt#chapter-2"])
        let sentences = chapters[0].sentenceTexts
        #expect(sentences.contains("Mara climbed the ninety steps of the old tower every evening before the lamp was lit."))
        #expect(sentences.contains { $0.contains("a fishing boat late coming home.") }, "\(sentences)")
        #expect(chapters[0].text.paragraphs.count == 3)
    }

    @Test("heading lines are recognized in English, Roman numerals, Japanese and Chinese, and sentences are not")
    func headingLines() {
        for line in ["Chapter 12", "CHAPTER XII", "Chapter Twenty-One: The Ford", "第十二章", "第12話", "第３章 港", "PART TWO"] {
            #expect(PlainTextBook.isHeading(line, before: "", after: ""), "\(line)")
        }
        for line in ["Chapter 12 was the longest, she said.", "It was late.", "第十二章", "I"] {
            let before = line == "第十二章" ? "previous text" : ""
            #expect(!PlainTextBook.isHeading(line, before: before, after: "more text"), "\(line)")
        }
    }

    @Test("--split-on replaces the heading rules, and text without headings is one chapter")
    func splitOn() throws {
        let path = InputFixtures.path("lighthouse.txt")
        let chapters = try InputFixtures.read(path, InputOptions(splitOn: "^CHAPTER ")).chapters
        #expect(chapters.map(\.title) == ["lighthouse", "CHAPTER II"])
        #expect(chapters[0].text.text.hasPrefix("THE LIGHTHOUSE ON GULL ROCK"))
        let none = try InputFixtures.read(path, InputOptions(splitOn: "^NEVER MATCHES$")).chapters
        #expect(none.count == 1)
        #expect(throws: BookError.self) { try BookSource.open(path: path, options: InputOptions(splitOn: "([")) }
    }

    @Test("Markdown front matter gives title, author and language; headings split chapters")
    func markdownMetadata() throws {
        let (archive, chapters) = try InputFixtures.read(InputFixtures.path("features.md"))
        let metadata = archive.book.metadata
        #expect(archive.input?.format == .markdown && archive.input?.languageSource == "front matter")
        #expect(metadata.title == "Notes from the Allotment" && metadata.creators == ["Ines Okafor"] && metadata.language == "en")
        #expect(chapters.map(\.title) == ["Spring", "Summer"])
        #expect(chapters.map(\.href) == ["features.md#chapter-1", "features.md#chapter-2"])
    }

    @Test("Markdown lists, quotes, links and tables are narrated; code blocks only with --read-code")
    func markdownContent() throws {
        let path = InputFixtures.path("features.md")
        let (archive, chapters) = try InputFixtures.read(path)
        let spring = chapters[0].sentenceTexts
        #expect(spring.contains("A garden is a conversation that lasts for years."))
        #expect(spring.contains("broad beans") && spring.contains("Water before sowing, not after."), "\(spring)")
        #expect(spring.contains { $0.hasPrefix("See the seed library for more") })
        let summer = chapters[1].text.text
        #expect(summer.contains("Peas") && summer.contains("July"))
        #expect(!summer.contains("water(bed"))
        let markup = String(decoding: try archive.data(at: "OEBPS/chapter-2.xhtml"), as: UTF8.self)
        for tag in ["<table>", "<thead>", "<th>Crop</th>", "<td>June</td>", "<pre aria-hidden=\"true\"><code>"] {
            #expect(markup.contains(tag), "\(tag)")
        }
        let first = String(decoding: try archive.data(at: "OEBPS/chapter-1.xhtml"), as: UTF8.self)
        for tag in ["<em>seed packets</em>", "<a href=\"https://example.org/seeds\">", "<blockquote>", "<ul>", "<ol>"] {
            #expect(first.contains(tag), "\(tag)")
        }
        let withCode = try InputFixtures.read(path, InputOptions(readCode: true)).chapters[1].text.text
        #expect(withCode.contains("water(bed, litres=4)"))
    }

    @Test("the same text as TXT, Markdown and EPUB gives the same sentences, words and ranges")
    func roundTrip() throws {
        let text = try InputFixtures.read(InputFixtures.path("round-trip.txt")).chapters
        let markdown = try InputFixtures.read(InputFixtures.path("round-trip.md")).chapters
        let epub = try InputFixtures.read(InputFixtures.path("round-trip-epub")).chapters
        #expect(text.count == 2 && markdown.count == 2 && epub.count == 2)
        for (index, chapter) in text.enumerated() {
            #expect(chapter.text.text == markdown[index].text.text && chapter.text.text == epub[index].text.text)
            #expect(chapter.sentenceTexts == markdown[index].sentenceTexts && chapter.sentenceTexts == epub[index].sentenceTexts)
            #expect(chapter.wordTexts == markdown[index].wordTexts && chapter.wordTexts == epub[index].wordTexts)
            #expect(chapter.sentences == markdown[index].sentences && chapter.sentences == epub[index].sentences)
        }
    }

    @Test("formats are told apart by content, whatever the file is called")
    func detection() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copies = [("features.md", "notes", InputFormat.markdown), ("lighthouse.txt", "story", .text)]
        for (fixture, name, format) in copies {
            try FileManager.default.copyItem(atPath: InputFixtures.path(fixture), toPath: folder + "/" + name)
            #expect(try BookSource.open(path: folder + "/" + name).input?.format == format)
        }
        try FileManager.default.copyItem(atPath: TestPaths.sampleBook, toPath: folder + "/book.txt")
        #expect(try BookSource.open(path: folder + "/book.txt").input == nil)
        try FileManager.default.copyItem(atPath: try InputFixtures.pdf("two-column.pdf"), toPath: folder + "/paper.md")
        #expect(try BookSource.open(path: folder + "/paper.md").input?.format == .pdf)
    }

    @Test("the language comes from --lang, else the script: Kana, Han, Hangul, Arabic, Hebrew, Cyrillic, Greek, Latin")
    func languageGuess() throws {
        let samples = [("ひらがなと漢字の文", "ja"), ("汉字的句子", "zh"), ("한국어 문장", "ko"), ("جملة عربية", "ar"),
                       ("משפט בעברית", "he"), ("Русское предложение", "ru"), ("Ελληνική πρόταση", "el"), ("A Latin sentence", "en")]
        for (text, language) in samples { #expect(ScriptLanguage.guess(text) == language, "\(text)") }
        let archive = try BookSource.open(path: InputFixtures.path("lighthouse.txt"), options: InputOptions(language: "en-US"))
        #expect(archive.book.metadata.language == "en-US" && archive.input?.languageSource == "\(Setting.language)")
    }
}
