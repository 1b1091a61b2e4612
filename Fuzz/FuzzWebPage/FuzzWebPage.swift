import Foundation
import FuzzSupport
@testable import FollowRender

/// libFuzzer target: the web player's page writer (`WebPlayer`), from book
/// strings and rendered-folder contents to HTML and embedded JSON, checked by
/// an HTML tokenizer (`PageAudit`): no script but the player's own and no
/// `javascript:` (or any other scheme) URL may come out, whatever the title,
/// authors, language, identifier, chapter titles, text, paragraphs, cover or
/// file names; and `search.js` must be the one statement `SearchData` writes.
/// The input is fields separated by NUL bytes (see `Fields`).
/// The audit's own control, checked once: pages with a payload that runs are refused, the
/// player's own markup is not.
private let auditControl: Void = {
    let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'\">"
    let bad = ["<a href=\"jav&#x61;script:x()\">x</a>", "<a href=\" javascript:x\">", "<img src=x onerror=\"x()\">",
               "<script>x()</script>", "<script type=\"application/json\" id=\"fr-book\">\"</script><script>x()</script>",
               "<a href=\"//evil.example/\">", "<p style=\"background:url(javascript:x)\">", "<svg><use href=\"#x\"/></svg>"]
    for page in bad where PageAudit.problem(in: policy + page) == nil { fatalError("the audit lets through \(page)") }
    let good = policy + "<a href=\"001-one.html#play\">1</a><svg viewBox=\"0 0 24 24\"><path d=\"M6 5h2\"/></svg><script src=\"player.js\"></script>"
    if let problem = PageAudit.problem(in: good) { fatalError("the audit refuses the player's own markup: \(problem)") }
    let script = SearchData.prefix + "{\"chapters\":[{\"page\":\"001-a.html\",\"text\":\"x\"}]}" + ";\n"
    if let problem = PageAudit.searchProblem(in: script) { fatalError("the audit refuses our search data: \(problem)") }
    for bad in [script.replacingOccurrences(of: "001-a.html", with: "javascript:x()"), script.replacingOccurrences(of: "\"x\"", with: "\"</script>\""),
                script.replacingOccurrences(of: "\"x\"", with: "\"\u{2028}\""), script.replacingOccurrences(of: ";\n", with: ";x();\n")]
    where PageAudit.searchProblem(in: bad) == nil {
        fatalError("the audit lets through the search data \(bad)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebPage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = auditControl
    guard size > 0 else { return 0 }
    let fields = Fields(UnsafeBufferPointer(start: data, count: size))
    let folder = FuzzScratch.folder + "/web"
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var chapters: [[String: Any]] = []
    var readings: [Int: [WebBookDetails.Reading]] = [:]
    for number in 1...2 {
        let title = fields[3 + number]
        let text = fields[5 + number].isEmpty ? "Some text." : fields[5 + number]
        var timing = OutputNaming.timingFile(index: number, title: title)
        var audio = OutputNaming.audioFile(index: number, title: title, format: .mp3)
        // Now and then a name as a hostile book.json would hold it, which the reader must refuse.
        if number == 1, !fields[8].isEmpty { if fields.flags & 1 == 0 { timing = fields[8] } else { audio = fields[8] } }
        let sidecar = ChapterTiming(chapter: .init(index: number, href: fields[10], title: title),
                                    audio: .init(file: audio, sampleRate: 22050, duration: Seconds(100)),
                                    text: text, sentences: Fields.sentences(text))
        guard let encoded = try? JSONCoding.data(sidecar), !timing.contains("/"), !timing.hasPrefix(".") || timing.count > 1 else { return 0 }
        FileManager.default.createFile(atPath: folder + "/" + (timing.contains("\0") ? "x" : timing), contents: encoded)
        chapters.append(["index": number, "href": fields[10], "title": title, "audio": audio, "timing": timing, "duration": 100, "key": "k"])
        readings[number] = [WebBookDetails.Reading(text: text, paragraphs: Fields.paragraphs(text, headings: fields.flags & 2 != 0))]
    }
    let manifest: [String: Any] = [
        "format": BookManifest.formatName, "version": BookManifest.currentVersion, "title": fields[0],
        "authors": fields[1].split(separator: "\n").map(String.init), "language": fields[2], "voice": fields[11],
        "rate": ["preset": "2x", "wpm": 300], "engine": ["followRender": "0", "espeakNG": "1", "encoder": "x"],
        "duration": 200, "chapters": chapters, "skipped": [] as [Any],
    ]
    guard let json = try? JSONSerialization.data(withJSONObject: manifest) else { return 0 }
    FileManager.default.createFile(atPath: folder + "/book.json", contents: json)
    let types = ["image/svg+xml", "image/png", "image/jpeg", "image/gif"]
    let cover = fields[9].isEmpty ? nil : WebBookDetails.Cover(data: Data(fields[9].utf8), mediaType: types[Int(fields.flags >> 2) % types.count])
    let details = WebBookDetails(identifier: fields[3], cover: cover, readings: readings)
    guard let summary = try? WebPlayer(folder: folder, details: fields.flags & 16 == 0 ? details : nil).write() else { return 0 }
    for page in summary.pages {
        guard let html = FileManager.default.contents(atPath: folder + "/" + page).map({ String(decoding: $0, as: UTF8.self) }) else {
            fatalError("\(page) was reported written but cannot be read")
        }
        if let problem = PageAudit.problem(in: html) { fatalError("\(page): \(problem)") }
    }
    guard let search = FileManager.default.contents(atPath: folder + "/" + SearchData.fileName) else {
        fatalError("the pages were written without \(SearchData.fileName)")
    }
    if let problem = PageAudit.searchProblem(in: String(decoding: search, as: UTF8.self)) { fatalError(problem) }
    return 0
}

/// The fuzz input as the page writer's strings: NUL-separated fields
/// (0 title, 1 authors by line, 2 language, 3 identifier, 4–5 chapter titles,
/// 6–7 chapter texts, 8 a raw file name, 9 cover bytes, 10 href, 11 voice),
/// the first byte being flags.
struct Fields {
    let flags: UInt8
    private let values: [String]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        flags = bytes[0]
        values = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).prefix(12).map { String(decoding: $0, as: UTF8.self) }
    }

    subscript(index: Int) -> String { index < values.count ? values[index] : "" }

    /// One sentence over the whole text, a timed word per run of non-spaces.
    static func sentences(_ text: String) -> [TimedSentence] {
        let units = Array(text.utf16)
        var words: [TimedWord] = []
        var start: Int?
        for offset in 0...units.count {
            let space = offset == units.count || units[offset] == 0x20 || units[offset] == 0x0A
            if !space, start == nil { start = offset }
            if space, let begin = start {
                let time = Double(words.count) * 0.5
                words.append(TimedWord(range: TextRange(location: begin, length: offset - begin), begin: Seconds(time), end: Seconds(time + 0.4)))
                start = nil
            }
            if words.count >= 150 { break }
        }
        let end = min(100, Double(words.count) * 0.5 + 0.5)
        return [TimedSentence(range: TextRange(location: 0, length: units.count), begin: Seconds(0), end: Seconds(end), words: words)]
    }

    /// The text's lines as paragraphs, the first a heading when `headings`.
    static func paragraphs(_ text: String, headings: Bool) -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var location = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let length = line.utf16.count
            paragraphs.append(Paragraph(range: TextRange(location: location, length: length), kind: headings && paragraphs.isEmpty ? .heading : .text))
            location += length + 1
        }
        return paragraphs
    }
}
