import Foundation
import Testing
@testable import FollowRender

/// The web player's reading controls (issue 28) and its search in the book, in
/// Debian's headless Chromium driven by `Tests/Checkers/web-reading-check.py`
/// and `Tests/Checkers/web-search-check.py`.
@Suite("Web player reading controls", .serialized)
struct WebReadingControlsTests {
    static let script = TestPaths.checker("web-reading-check.py")

    struct Report: Decodable {
        struct Check: Decodable {
            var name: String
            var ok: Bool
            var detail: String
        }

        var checks: [Check]
    }

    @Test("in Chromium, text size, spacing, themes, search and the sleep timer work by keyboard, are named and are kept in localStorage")
    func readingControls() throws {
        let render = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--web"])
        let artifacts = try TestPaths.temporaryFolder("reading-artifacts")
        let run = try CommandRun.run("/usr/bin/python3", [Self.script, "--cli", TestPaths.cli, "--folder", render.path,
                                                          "--artifacts", artifacts])
        let report = try #require(try? JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)), "\(run.stderr.suffix(2000))")
        #expect(report.checks.count == 9)
        for check in report.checks {
            #expect(check.ok, "\(check.name): \(check.detail)")
        }
    }

    @Test("in Chromium, a search from the first chapter's page finds a word of the third, opening the match plays from it, and the book page shows progress per entry")
    func searchInTheBook() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = try NavigationBook.write(NavigationBook.fourTales, in: folder, name: "four-tales.epub")
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--web"])
        defer { try? FileManager.default.removeItem(atPath: render.path) }
        let artifacts = try TestPaths.temporaryFolder("search-artifacts")
        let checker = TestPaths.checker("web-search-check.py")
        let run = try CommandRun.run("/usr/bin/python3", [checker, "--cli", TestPaths.cli, "--folder", render.path,
                                                          "--word", "lantern", "--artifacts", artifacts])
        let report = try #require(try? JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)), "\(run.stderr.suffix(2000))")
        #expect(report.checks.count == 4)
        for check in report.checks {
            #expect(check.ok, "\(check.name): \(check.detail)")
        }
    }

    @Test("search.js holds each chapter's text, title and page as JSON with no '<', U+2028 or U+2029 left raw")
    func searchData() throws {
        let data = SearchData(chapters: [.init(index: 1, title: "</script><b>", page: "001-a.html", text: "a\u{2028}b\u{2029}c <!-- d")])
        let script = String(decoding: try data.script(), as: UTF8.self)
        #expect(script.hasPrefix(SearchData.prefix) && script.hasSuffix(";\n"))
        let json = script.dropFirst(SearchData.prefix.count).dropLast(2)
        #expect(!json.contains("<") && !json.contains("\u{2028}") && !json.contains("\u{2029}"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: Any]]])
        #expect(decoded["chapters"]?.first?["text"] as? String == "a\u{2028}b\u{2029}c <!-- d")
        #expect(decoded["chapters"]?.first?["title"] as? String == "</script><b>")
    }
}
