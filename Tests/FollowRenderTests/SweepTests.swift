import Foundation
import Testing
@testable import FollowRender

/// Hostile and broken books, generated for the sweep: each must be refused.
private enum HostileBooks {
    typealias Files = [(String, Data)]

    /// Writes every hostile book into `folder` and returns their paths.
    static func write(into folder: URL) throws -> [String] {
        func zip(_ name: String, _ files: Files, patch: ((URL) throws -> Void)? = nil) throws -> String {
            let url = try EPUBTestSupport.writeZip(files, to: folder.appendingPathComponent(name))
            try patch?(url)
            return url.path
        }
        let book = EPUBTestSupport.minimalBook()
        var paths: [String] = []
        paths.append(try zip("zip-slip.epub", book + [("EPUB/xx/xx/evil.xhtml", Data("x".utf8))]) {
            try EPUBTestSupport.patch($0, replacing: "EPUB/xx/xx/", with: "EPUB/../../")
        })
        paths.append(try zip("zip-bomb.epub", book + [("EPUB/bomb.xhtml", Data(count: 20 << 20))]))
        paths.append(try zip("billion-laughs.epub", packageEdited(book, prefix: billionLaughsDTD, title: "&lol9;")))
        paths.append(try zip("external-entity.epub",
                             packageEdited(book, prefix: "<!DOCTYPE package [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n", title: "&x;")))
        let deep = String(repeating: "<div>", count: 5_000) + String(repeating: "</div>", count: 5_000)
        paths.append(try zip("deep-nesting.epub", EPUBTestSupport.minimalBook(manifestExtra: deep)))
        paths.append(try zip("drm.epub", EPUBTestSupport.replacing("META-INF/encryption.xml", with: EPUBTestSupport.encryptionXML("EPUB/text/ch2.xhtml"), in: book)))
        let whole = try Data(contentsOf: URL(fileURLWithPath: try zip("whole.epub", book)))
        let truncated = folder.appendingPathComponent("truncated.epub")
        try whole.prefix(whole.count / 2).write(to: truncated)
        paths.append(truncated.path)
        var generator = SystemRandomNumberGenerator()
        let random = folder.appendingPathComponent("random-bytes.epub")
        try Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: random)
        paths.append(random.path)
        try FileManager.default.removeItem(atPath: folder.appendingPathComponent("whole.epub").path)
        return paths
    }

    static var billionLaughsDTD: String {
        var dtd = "<!DOCTYPE package [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 { dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n" }
        return dtd + "]>\n"
    }

    static func packageEdited(_ files: Files, prefix: String, title: String) -> Files {
        let original = String(decoding: files.first { $0.0 == "EPUB/package.opf" }!.1, as: UTF8.self)
        let edited = original
            .replacingOccurrences(of: "<package ", with: prefix + "<package ")
            .replacingOccurrences(of: "<dc:title>Generated Book", with: "<dc:title>" + title)
        return EPUBTestSupport.replacing("EPUB/package.opf", with: edited, in: files)
    }
}

@Suite("Sweep: every corpus file and every hostile input renders or is refused cleanly", .serialized)
struct SweepTests {
    /// What a run left in its sandbox folder, beside the untouched output folder.
    private struct Outcome {
        var run: CommandRun
        var sandbox: [String]
        var output: [String]
    }

    /// Renders `book` into `sandbox/out` (which holds a marker file), rendering
    /// only its smallest narrated chapter so the sweep stays fast. A corpus
    /// book with one narrated chapter (its smallest is the whole book) that
    /// other suites render whole too is the shared whole render
    /// (`SharedRender.wholeBook`, made in the same kind of sandbox).
    private func render(_ book: String) throws -> Outcome {
        let inspect = try CommandRun.cli(["inspect", book, "--json"])
        let report = inspect.status == 0 ? try? JSONCoding.decode(BookInspection.self, from: Data(inspect.stdout.utf8)) : nil
        let name = URL(fileURLWithPath: book).lastPathComponent
        if let report, report.chapters.count == 1, SharedRender.wholeBooks.contains(name), book == TestPaths.book(name) {
            let whole = try SharedRender.wholeBook(name)
            return Outcome(run: whole.render.run, sandbox: try FileManager.default.contentsOfDirectory(atPath: whole.sandbox).sorted(),
                           output: try FileManager.default.contentsOfDirectory(atPath: whole.render.path).sorted())
        }
        let sandbox = try TestPaths.temporaryFolder("sweep")
        let out = sandbox + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/marker"))
        var arguments = [book, "--out", out, "--rate", "4x", "--quiet"]
        if let smallest = report?.chapters.min(by: { $0.characters < $1.characters }) {
            arguments += ["--chapters", "\(smallest.index)"]
        }
        let run = try CommandRun.cli(arguments)
        return Outcome(run: run, sandbox: try FileManager.default.contentsOfDirectory(atPath: sandbox).sorted(),
                       output: try FileManager.default.contentsOfDirectory(atPath: out).sorted())
    }

    private func check(_ book: String, _ outcome: Outcome, mayRender: Bool) {
        let run = outcome.run
        #expect(outcome.sandbox == ["out"], "\(book) wrote outside its output folder: \(outcome.sandbox)")
        if run.status == 0 {
            #expect(mayRender, "\(book) should have been refused")
            #expect(outcome.output.contains("book.json"))
            #expect(outcome.output.contains { $0.hasSuffix(".timing.json") })
            #expect(!outcome.output.contains { $0.contains(".partial-") })
        } else {
            #expect(run.status == 1, "\(book): exit \(run.status) (a crash or a signal?): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("follow-render: warning: ") }
            #expect(lines.count == 1, "\(book): \(run.stderr)")
            #expect(lines.first?.hasPrefix("follow-render: \(book): ") == true, "\(book): \(run.stderr)")
            #expect(run.seconds < 2, "\(book) took \(run.seconds) s to refuse")
            #expect(outcome.output == ["marker"], "\(book): the output folder changed: \(outcome.output)")
        }
    }

    @Test("every real book renders a chapter, and every invalid one renders or is refused in one line",
          arguments: try TestPaths.corpusFiles("books") + TestPaths.corpusFiles("bad"))
    func corpus(book: String) throws {
        let outcome = try render(book)
        check(book, outcome, mayRender: true)
        if book.contains("/books/") { #expect(outcome.run.status == 0, "\(book): \(outcome.run.stderr)") }
    }

    @Test("zip slip, zip bomb, billion laughs, external entity, deep nesting, DRM, truncation and random bytes are refused")
    func hostile() throws {
        let folder = URL(fileURLWithPath: try TestPaths.temporaryFolder("hostile"))
        for book in try HostileBooks.write(into: folder) {
            let outcome = try render(book)
            check(book, outcome, mayRender: false)
            #expect(outcome.run.status == 1, "\(book) was not refused")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("evil.xhtml").path))
    }

    @Test("a broken chapter inside a good book is skipped with a warning and recorded; --strict fails instead")
    func brokenChapter() throws {
        let folder = URL(fileURLWithPath: try TestPaths.temporaryFolder("broken"))
        let files = EPUBTestSupport.replacing("EPUB/text/ch2.xhtml", with: "<html><body><p>unclosed</body></html>",
                                              in: EPUBTestSupport.minimalBook())
        let book = try EPUBTestSupport.writeZip(files, to: folder.appendingPathComponent("broken.epub")).path
        let out = folder.path + "/out"
        let run = try CommandRun.cli([book, "--out", out, "--rate", "4x"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("follow-render: warning: \(book): EPUB/text/ch2.xhtml: skipped: "))
        #expect(run.stderr.contains("Skipped chapter 2 (EPUB/text/ch2.xhtml)"))
        let manifest = try JSONCoding.decode(BookManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/book.json")))
        #expect(manifest.chapters.map(\.index) == [1])
        #expect(manifest.skipped.map(\.index) == [2])
        let strict = try CommandRun.cli([book, "--out", folder.path + "/strict", "--rate", "4x", "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("refused with --strict"))
    }
}
