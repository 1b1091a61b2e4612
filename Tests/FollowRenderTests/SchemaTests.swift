import Foundation
import Testing
@testable import FollowRender

@Suite("Sidecars and book.json against the JSON Schemas in docs/", .serialized)
struct SchemaTests {
    @Test("the schemas are valid draft 2020-12 schemas and accept the golden files")
    func golden() throws {
        let golden = TestPaths.fixtures.appendingPathComponent("golden").path
        let violations = try SchemaCheck.folderViolations(golden)
        #expect(violations == [])
    }

    @Test("renders at several rates, formats and books are valid", arguments: [
        (TestPaths.sampleBook, ["--rate", "0.5x", "--format", "wav"]),
        (TestPaths.sampleBook, ["--wpm", "300", "--format", "ogg"]),
        (TestPaths.sampleBook, ["--rate", "4x", "--voice", "en+f3", "--pitch", "30", "--pauses", "chapter=2,sentence=0.5"]),
        (TestPaths.book("internallinks.epub"), ["--rate", "4x", "--chapters", "3"]),
        (TestPaths.book("accessible_epub_3.epub"), ["--rate", "4x", "--chapters", "7-9"]),
    ])
    func renders(book: String, arguments: [String]) throws {
        let render = try RenderedFolder.render(book, arguments, name: "schema-\(arguments.joined())")
        let violations = try SchemaCheck.folderViolations(render.path)
        #expect(violations == [])
    }

    @Test("every render the test run has produced so far wrote a valid book.json and sidecars")
    func everyRenderOfThisRun() throws {
        let root = RenderedFolder.snapshotRoot
        var folders = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).map { root + "/" + $0 }
            .filter { FileManager.default.fileExists(atPath: $0 + "/" + OutputNaming.manifestFile) }
        if folders.isEmpty {
            _ = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "3x"], name: "schemaFallback")
            folders = try FileManager.default.contentsOfDirectory(atPath: root).map { root + "/" + $0 }
        }
        // Every folder's files in one run of the checker per schema (each violation names its file).
        let sidecars = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".timing.json") }.sorted().map { folder + "/" + $0 }
        }
        let violations = try SchemaCheck.violations(schema: SchemaCheck.bookSchema, files: folders.map { $0 + "/" + OutputNaming.manifestFile })
            + (sidecars.isEmpty ? [] : SchemaCheck.violations(schema: SchemaCheck.timingSchema, files: sidecars))
        #expect(violations == [], "in \(folders.count) renders")
    }

    @Test("the validator rejects broken sidecars and manifests", arguments: [
        ("version", "2"),
        ("format", "\"follow-render-book\""),
        ("text", "null"),
        ("sentences", "[{\"range\": [0, 1, 2], \"begin\": 0, \"end\": 1, \"words\": []}]"),
        ("sentences", "[{\"range\": [0, 1], \"begin\": \"0\", \"end\": 1, \"words\": []}]"),
        ("sentences", "[{\"range\": [0, 1], \"begin\": -1, \"end\": 1, \"words\": []}]"),
        ("extra", "1"),
    ])
    func rejects(member: String, json: String) throws {
        let golden = TestPaths.fixtures.appendingPathComponent("golden/001-one-the-keeper.timing.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: golden)) as? [String: Any])
        object[member] = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let file = try TestPaths.temporaryFolder("broken") + "/broken.timing.json"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        let violations = try SchemaCheck.violations(schema: SchemaCheck.timingSchema, files: [file])
        #expect(!violations.isEmpty, "\(member) = \(json) was accepted")

        let manifest = TestPaths.fixtures.appendingPathComponent("golden/book.json")
        var book = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        book["chapters"] = [["index": 0, "href": "a.xhtml", "title": "A", "audio": "a.mp3", "timing": "a.json", "duration": 1]]
        let brokenBook = try TestPaths.temporaryFolder("brokenBook") + "/book.json"
        try JSONSerialization.data(withJSONObject: book).write(to: URL(fileURLWithPath: brokenBook))
        #expect(try SchemaCheck.violations(schema: SchemaCheck.bookSchema, files: [brokenBook]).count >= 3)
    }
}
