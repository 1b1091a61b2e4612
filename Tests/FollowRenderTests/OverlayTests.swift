import Foundation
import Testing
@testable import FollowRender

/// The media-overlay EPUB (`--epub`): rendered for real at 4x, checked with
/// the real EPUBCheck, its SMIL documents checked against the sidecars.
///
/// To keep the suite fast, three books are rendered whole (an EPUB 2 book, a
/// fixed-layout book and a short one) and every other corpus book for two short
/// chapters only (`--chapters`), so its media overlays cover those chapters;
/// the rest of the book is copied and checked as well. `scripts/check-overlays.sh`
/// checks every corpus book whole, at sentence and word granularity.
@Suite("EPUB 3 media overlays")
struct OverlayTests {
    // MARK: The raw-markup tokenizer

    @Test("the raw tokenizer finds exactly libxml2's text nodes in every content document of the corpus")
    func tokenizerMatchesLibxml2() throws {
        var documents = 0
        for book in try TestPaths.corpusFiles("books") {
            let archive = try EPUBArchive(path: book)
            for item in archive.book.spine where item.mediaType == "application/xhtml+xml" {
                let data = try archive.data(at: item.path)
                let raw = try RawXML(data: data, path: item.path)
                try raw.verify(against: XMLDocument(data: data, path: item.path))
                documents += 1
            }
        }
        #expect(documents >= 100, "only \(documents) documents checked")
    }

    @Test("wrapping across CDATA, references, CRLF and comments keeps the text and the other bytes")
    func trickyMarkup() throws {
        let source = "<?xml version=\"1.0\"?>\r\n<!DOCTYPE html [<!ENTITY q \"]>&#x201C;\">]>\r\n"
            + "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>"
            + "<p title='a > b'>Caf&#xE9; &amp; cr&#232;me<![CDATA[ <raw> ]]>tail&nbsp;end\r\nline &q; after <!-- c --> 😀x</p></body></html>"
        let data = Data(source.utf8)
        let raw = try RawXML(data: data, path: "t.xhtml")
        try raw.verify(against: XMLDocument(data: data, path: "t.xhtml"))
        let texts = raw.textNodes.map { String(decoding: $0.units, as: UTF16.self) }
        #expect(texts == ["t", "Café & crème <raw> tail\u{A0}end\nline ", " after ", " 😀x"])
        // Wrap "é & cr" (inside references), " <ra" (starting in CDATA) and the emoji (a surrogate pair).
        let fragments = [
            OverlayFragment(node: 1, units: 3..<9, begin: 0, end: 10, target: 1, piece: 1),
            OverlayFragment(node: 1, units: 12..<16, begin: 10, end: 20, target: 2, piece: 1),
            OverlayFragment(node: 3, units: 1..<3, begin: 20, end: 30, target: 3, piece: 1),
        ]
        let wrapped = try ContentWrapper(raw: raw, path: "t.xhtml").wrap(fragments, granularity: .sentence, stylesheetHref: "s.css")
        let output = String(decoding: wrapped.data, as: UTF8.self)
        #expect(wrapped.ids == ["fr-s1", "fr-s2", "fr-s3"])
        #expect(output.contains("Caf<span id=\"fr-s1\">&#xE9; &amp; cr</span>&#232;me<![CDATA[]]><span id=\"fr-s2\"><![CDATA[ <ra]]></span><![CDATA[w> ]]>"))
        #expect(output.contains("<span id=\"fr-s3\">😀</span>x"))
        #expect(output.contains("<body id=\"fr-body\">"))
        #expect(output.contains("<link rel=\"stylesheet\" type=\"text/css\" href=\"s.css\"/></head>"))
        let reparsed = try XMLDocument(data: wrapped.data, path: "t.xhtml")
        let original = try XMLDocument(data: data, path: "t.xhtml")
        #expect(reparsed.root?.textNodes.map(\.content).joined() == original.root?.textNodes.map(\.content).joined())
    }

    @Test("text of a <time> without datetime, which may hold text only, is wrapped around the element")
    func timeElement() throws {
        let data = Data("<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body id=\"b\"><p>In <time>1911</time>.</p></body></html>".utf8)
        let raw = try RawXML(data: data, path: "t.xhtml")
        let fragments = [OverlayFragment(node: 2, units: 0..<4, begin: 0, end: 10, target: 1, piece: 2)]
        let wrapped = try ContentWrapper(raw: raw, path: "t.xhtml").wrap(fragments, granularity: .sentence, stylesheetHref: nil)
        #expect(String(decoding: wrapped.data, as: UTF8.self).contains("<p>In <span id=\"fr-s1-2\"><time>1911</time></span>.</p>"))
        #expect(wrapped.bodyID == "b")
    }

    @Test("a document the tokenizer reads differently from libxml2 is refused, not corrupted")
    func mismatchIsRefused() throws {
        let data = Data("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>a</p></body></html>".utf8)
        let other = Data("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>b</p></body></html>".utf8)
        let raw = try RawXML(data: data, path: "x.xhtml")
        let mismatch = #expect(throws: RenderError.self) { try raw.verify(against: XMLDocument(data: other, path: "x.xhtml")) }
        #expect(mismatch?.kind == .overlay)
    }

    // MARK: Whole books

    /// Rendered whole (the rest: two short chapters): an EPUB 2 book, a fixed-layout book and a short reflowable one.
    static let wholeBooks: Set<String> = ["alice-in-wonderland-epub2.epub", "haruko-html-jpeg.epub", "trees.epub"]

    @Test("every corpus book gets overlays EPUBCheck accepts, matching the sidecars", arguments: [
        "accessible_epub_3.epub", "alice-in-wonderland-epub2.epub", "ambrose-bierce_the-devils-dictionary.epub",
        "childrens-literature.epub", "georgia-pls-ssml.epub", "haruko-html-jpeg.epub", "hefty-water.epub",
        "internallinks.epub", "moby-dick.epub", "p-g-wodehouse_love-among-the-chickens.epub",
        "regime-anticancer-arabic.epub", "trees.epub", "wasteland-otf-obf.epub",
    ])
    func corpusBook(name: String) throws {
        let book = TestPaths.book(name)
        try #require(FileManager.default.fileExists(atPath: book), "corpus missing: \(book)")
        let render: RenderedFolder, epub: String
        if SharedRender.wholeBooks.contains(name) {
            // Alice (whole, as below) and the one-file books, whose short selection is their one chapter: the shared whole render.
            let whole = try SharedRender.wholeBook(name)
            (render, epub) = (whole.render, whole.epub)
        } else {
            let selection = Self.wholeBooks.contains(name) ? [] : ["--chapters", try Self.shortChapters(book)]
            epub = try TestPaths.temporaryFolder("epub-\(name)") + "/out.epub"
            render = try RenderedFolder.render(book, ["--rate", "4x", "--jobs", "2", "--epub", epub] + selection, name: name)
        }
        let overlay = try OverlayBook(path: epub)

        #expect(overlay.overlays.map(\.item.path) == render.manifest.chapters.map(\.href), "\(name): one overlay per rendered chapter")
        #expect(overlay.archive.book.metadata.version == "3.0")
        #expect(try OverlayChecks.parViolations(overlay, render: render) == [], "\(name)")
        #expect(try OverlayChecks.preservationViolations(input: book, overlay: overlay) == [], "\(name)")
        #expect(try OverlayChecks.packageViolations(overlay, render: render) == [], "\(name)")

        let errors = try EPUBCheckRun.messages(epub).filter(\.isError)
        if !errors.isEmpty {
            let known = Set(try EPUBCheckRun.messages(book).filter(\.isError).map { "\($0.id) \($0.path):\($0.line)" })
            #expect(!known.isEmpty, "\(name): EPUBCheck errors on the output of a valid book: \(errors)")
            let new = errors.filter { !known.contains("\($0.id) \($0.path):\($0.line)") }
            #expect(new.isEmpty, "\(name): errors the input did not have: \(new)")
        }
    }

    @Test("--granularity word wraps and times every word as the sidecar does")
    func wordGranularity() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        let epub = try TestPaths.temporaryFolder("words") + "/words.epub"
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--chapters", "3", "--epub", epub, "--granularity", "word"], name: "words")
        let overlay = try OverlayBook(path: epub)
        let timing = try #require(render.timings.first)
        let pars = try #require(overlay.overlays.first).pars
        let texts = try overlay.elementTexts(timing.chapter.href)
        let words = timing.sentences.flatMap(\.words)
        #expect(words.count > 500)
        var matched = 0
        var index = 0
        for word in words {
            var pieces: [String] = []
            while index < pars.count, pars[index].end <= word.end.milliseconds, pars[index].begin >= word.begin.milliseconds {
                pieces.append(texts[pars[index].id] ?? "")
                index += 1
            }
            let expected = ChapterTextSlice.text(timing.text, word.range)
            if pieces.joined() == expected { matched += 1 } else { Issue.record("word \(expected) shown as \(pieces)") }
        }
        #expect(matched == words.count)
        #expect(index == pars.count, "pars left over")
        #expect(try EPUBCheckRun.messages(epub).filter(\.isError) == [])
    }

    @Test("without --out only the EPUB is written; a second pass replaces the overlays with a warning")
    func noOutFolderAndReplacement() throws {
        let work = try TestPaths.temporaryFolder("noout")
        let temporary = try TestPaths.temporaryFolder("noout-tmp")
        let first = try CommandRun.cli([TestPaths.book("trees.epub"), "--rate", "4x", "--chapters", "2-3", "--epub", "first.epub", "--quiet"], in: work, environment: ["TMPDIR": temporary])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work) == ["first.epub"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [], "the temporary render folder is removed")

        let again = try CommandRun.cli([work + "/first.epub", "--rate", "4x", "--chapters", "3", "--epub", "second.epub", "--quiet"], in: work, environment: ["TMPDIR": temporary])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("warning:") && again.stderr.contains("already has media overlays; they are replaced"))
        let second = try OverlayBook(path: work + "/second.epub")
        #expect(second.overlays.count == 1)
        let smilFiles = try OverlayBook.entries(work + "/second.epub").filter { $0.hasSuffix(".smil") }
        #expect(smilFiles == [second.overlays[0].smilPath], "old SMIL files are dropped")
        #expect(second.archive.book.manifest.filter { $0.mediaOverlay != nil }.count == 1)
        #expect(try EPUBCheckRun.messages(work + "/second.epub").filter(\.isError) == [])
    }

    @Test("an EPUB 2 book becomes EPUB 3 with a navigation document from its NCX, which is kept")
    func epub2Upgrade() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        let epub = try TestPaths.temporaryFolder("epub2") + "/alice.epub"
        _ = try RenderedFolder.render(book, ["--rate", "4x", "--chapters", "2", "--epub", epub], name: "epub2")
        let output = try EPUBArchive(path: epub)
        let input = try EPUBArchive(path: book)
        #expect(output.book.metadata.version == "3.0")
        let nav = try #require(output.book.manifest.first { $0.properties.contains("nav") })
        #expect(output.book.toc == input.book.toc, "the nav lists the NCX's entries")
        let opf = String(decoding: try output.data(at: output.book.packagePath), as: UTF8.self)
        #expect(opf.contains("<spine toc=\"ncx\">") && output.book.manifest.contains { $0.mediaType == "application/x-dtbncx+xml" })
        #expect(!opf.contains("opf:event"))
        #expect(nav.path == "fr-nav.xhtml")
    }

    @Test("media:narrator names every voice the book is read with: a French passage adds the French voice to book.json's voices; EPUBCheck passes")
    func narratorPerVoice() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = try NavigationBook.write(NavigationBook.files(
            items: "<li><a href=\"one.xhtml\">One</a></li><li><a href=\"two.xhtml\">Two</a></li>",
            documents: [("one.xhtml", "<h1>One</h1><p>The garden was quiet in the morning.</p>"),
                        ("two.xhtml", "<h1>Two</h1><p>She read the sign aloud.</p><p xml:lang=\"fr\">Le jardin est ferm\u{E9} le dimanche.</p>")],
            title: "Two Voices"), in: folder)
        let epub = folder + "/out.epub"
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--epub", epub])
        defer { try? FileManager.default.removeItem(atPath: render.path) }
        let voices = try #require(render.manifest.voices)
        #expect(voices.count == 2 && voices.first == render.manifest.voice, "\(voices)")
        #expect(voices.last.map { $0.lowercased().contains("fr") } == true, "\(voices)")
        #expect(try SchemaCheck.folderViolations(render.path).isEmpty)
        let overlay = try OverlayBook(path: epub)
        #expect(try OverlayChecks.packageViolations(overlay, render: render) == [])
        #expect(try EPUBCheckRun.messages(epub).filter(\.isError) == [])

        // A book read by its own voice alone records no `voices`, and names that one narrator.
        let english = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--chapters", "1"], name: "englishOnly")
        defer { try? FileManager.default.removeItem(atPath: english.path) }
        #expect(english.manifest.voices == nil && english.manifest.voiceDescriptions == [english.manifest.voice])
        #expect(!(try String(contentsOfFile: english.file("book.json"), encoding: .utf8)).contains("\"voices\""))
    }

    @Test("a failed write leaves nothing under the final name")
    func failedWriteLeavesNothing() throws {
        let folder = try TestPaths.temporaryFolder("failed")
        let render = try RenderedFolder.render(TestPaths.book("trees.epub"), ["--rate", "4x", "--chapters", "2"], name: "failed")
        let occupied = folder + "/taken.epub"
        try FileManager.default.createDirectory(atPath: occupied + "/inside", withIntermediateDirectories: true)
        let writer = MediaOverlayWriter(bookPath: TestPaths.book("trees.epub"), renderedFolder: render.path,
                                        narration: NarrationOptions(), granularity: .sentence)
        #expect(throws: RenderError.self) { try writer.write(to: occupied) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken.epub"])
        #expect(throws: RenderError.self) { try writer.write(to: folder + "/missing/out.epub") }
        let mismatched = MediaOverlayWriter(bookPath: TestPaths.book("alice-in-wonderland-epub2.epub"), renderedFolder: render.path,
                                            narration: NarrationOptions(), granularity: .sentence)
        let other = #expect(throws: RenderError.self) { try mismatched.write(to: folder + "/other.epub") }
        #expect(other?.kind == .overlay)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken.epub"])
    }

    /// Up to two of the book's shortest narrated chapters with at least 400 characters
    /// (or its longest, when none is that long), as a `--chapters` list.
    static func shortChapters(_ book: String) throws -> String {
        let archive = try EPUBArchive(path: book)
        let reader = ChapterReader(archive: archive)
        var sizes: [(index: Int, size: Int)] = []
        for item in reader.narratedItems {
            guard let data = try? archive.data(at: item.path),
                  let text = try? NarrationExtractor().extract(data, path: item.path, language: archive.book.metadata.language).text,
                  text.text.contains(where: { !$0.isWhitespace }) else { continue }
            sizes.append((item.index, text.utf16Count))
        }
        let long = sizes.filter { $0.size >= 400 }.sorted { $0.size < $1.size }.prefix(2)
        let chosen = long.isEmpty ? Array(sizes.sorted { $0.size > $1.size }.prefix(1)) : Array(long)
        return chosen.map { String($0.index) }.sorted { Int($0)! < Int($1)! }.joined(separator: ",")
    }
}
