import Foundation
import Testing
@testable import FollowRender

/// Nothing from a book or a rendered folder runs as script in the web
/// player's pages (issue 23, class 1). A hostile Markdown book
/// (`Fixtures/hostile/web-book.md`, with an SVG cover that scripts) is
/// rendered with `--web` and its pages are opened in headless Chromium by
/// `Tests/Checkers/web-injection-check.py`, which checks each sink: a payload
/// that would set `window.__pwned` must not set it.
@Suite("Web pages run no script from the book", .serialized)
struct WebInjectionTests {
    static let checker = TestPaths.checker("web-injection-check.py")
    static let hostile = TestPaths.fixtures.appendingPathComponent("hostile").path

    private struct Report: Decodable {
        var checks: [WebPlayerTests.Check]
    }

    @Test("in Chromium, no payload in the title, authors, headings, text, cover, page names or search results sets a global")
    func payloadsStayInert() throws {
        let render = try RenderedFolder.render(Self.hostile + "/web-book.md",
                                               ["--rate", "4x", "--web", "--cover", Self.hostile + "/script-cover.svg"])
        let run = try CommandRun.run("/usr/bin/python3", [Self.checker, "--folder", render.path])
        let report = try #require(try? JSONDecoder().decode(Report.self, from: run.output), "no report (\(run.status)): \(run.stderr.suffix(2000))")
        #expect(report.checks.count == 13)
        for check in report.checks {
            #expect(check.ok, "\(check.name): \(check.detail)")
        }
    }

    @Test("web DIR refuses, in one line, a book.json or sidecar naming a file not in follow-render's shape",
          arguments: ["javascript:window.__pwned=1", "data:text/html,x", "001-chapter.mp3?x", "//example.com/a.mp3", "001-A.mp3"])
    func refusesForeignNames(name: String) throws {
        let render = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--chapters", "2"])
        let first = try #require(render.manifest.chapters.first)
        for (file, original) in [("book.json", first.audioFile), (first.timing, first.audioFile)] {
            let path = render.file(file)
            let saved = try String(contentsOfFile: path, encoding: .utf8)
            let quotedName = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
            try saved.replacingOccurrences(of: "\"\(original)\"", with: quotedName).write(toFile: path, atomically: true, encoding: .utf8)
            let web = try CommandRun.cli(["web", render.path])
            #expect(web.status == 1, "\(file): \(web.stderr)")
            #expect(web.stderr.split(separator: "\n").count == 1 && web.stderr.contains("is not a file name in the rendered folder"),
                    "\(file): \(web.stderr)")
            #expect(!FileManager.default.fileExists(atPath: render.file("index.html")))
            try saved.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    @Test("a link is a percent-encoded file name beside the page, never a scheme or a path")
    func relativeLinks() {
        #expect(RelativeLink(fileName: "001-one.html")?.encoded == "001-one.html")
        #expect(RelativeLink(fileName: "javascript:alert(1)")?.encoded == "javascript%3Aalert%281%29")
        #expect(RelativeLink(fileName: "a b\"<>.html")?.encoded == "a%20b%22%3C%3E.html")
        for refused in ["", ".hidden", "..", "a/b", "//host", "a\\b", "a\u{0}b", "a\u{85}b"] {
            #expect(RelativeLink(fileName: refused) == nil, "\(refused)")
        }
        #expect(OutputNaming.isChapterFile("012-down-the-rabbit-hole.timing.json", timing: true))
        #expect(OutputNaming.isChapterFile("1234-chapter.opus", timing: false))
        for refused in ["12-a.mp3", "001-.mp3", "001-a-.mp3", "001-a--b.mp3", "001-A.mp3", "001-a.MP3", "001-a.timing.json.x", "001-a"] {
            #expect(!OutputNaming.isChapterFile(refused, timing: false), "\(refused)")
        }
        #expect(!OutputNaming.isChapterFile("001-a.mp3", timing: true))
    }
}
