import Foundation
import Testing
@testable import FollowRender

/// Narration and read-aloud EPUB quality beyond ordinary prose: whole-sentence
/// highlights, dialogue, SVG text, skippable and escapable structures, front
/// and back matter, EPUB 2 upgrades and lenient warnings.
@Suite("Read-aloud quality", .serialized)
struct ReadAloudQualityTests {
    /// The document with each sentence wrapped as the overlay writer wraps it, and the number of wrappers.
    static func wrapped(_ body: String) throws -> (output: String, pars: Int) {
        let data = Data(EPUBTestSupport.chapterXHTML(body).utf8)
        let extracted = try NarrationExtractor().extract(data, path: "t.xhtml", language: "en")
        let chapter = Chapter(index: 1, href: "t.xhtml", title: "t", language: "en", text: extracted.text,
                              sentences: try Segmenter.sentences(in: extracted.text))
        let raw = try RawXML(data: data, path: "t.xhtml")
        let fragments = try FragmentPlanner.fragments(text: chapter.text, timing: OverlayMeasureTests.syntheticTiming(chapter),
                                                      granularity: .sentence, raw: raw)
        let result = try ContentWrapper(raw: raw, path: "t.xhtml").wrap(fragments, granularity: .sentence, stylesheetHref: nil)
        return (String(decoding: result.data, as: UTF8.self), result.wrapped.count)
    }

    static func sentences(_ body: String) throws -> [String] {
        let data = Data(EPUBTestSupport.chapterXHTML(body).utf8)
        let text = try NarrationExtractor().extract(data, path: "t.xhtml", language: "en").text
        return try Segmenter.sentences(in: text).map { text.substring($0.range) }
    }

    // MARK: One highlight per sentence

    @Test("a sentence whose markup nests inside it gets one wrapper around that markup")
    func oneWrapperAroundNestedMarkup() throws {
        let nested = try Self.wrapped("<p>She was <i>not</i> the only one.</p>")
        #expect(nested.pars == 1)
        #expect(nested.output.contains("<p><span id=\"fr-s1\">She was <i>not</i> the only one.</span></p>"))
        let link = try Self.wrapped("<p>Read <a href=\"#x\">the <em>whole</em> log</a> today. Then sleep.</p>")
        #expect(link.pars == 2)
        #expect(link.output.contains("<span id=\"fr-s1\">Read <a href=\"#x\">the <em>whole</em> log</a> today.</span> <span id=\"fr-s2\">Then sleep.</span>"))
    }

    @Test("a drop cap or a leading element at the start of a sentence is enclosed with it")
    func leadingElementIsEnclosed() throws {
        let dropCap = try Self.wrapped("<p><span class=\"cap\">T</span>he night was long. <em>Quiet</em> too.</p>")
        #expect(dropCap.pars == 2)
        #expect(dropCap.output.contains("<span id=\"fr-s1\"><span class=\"cap\">T</span>he night was long.</span>"))
        #expect(dropCap.output.contains("<span id=\"fr-s2\"><em>Quiet</em> too.</span>"))
    }

    @Test("a sentence is split into pieces only where an element opens inside it and closes outside, or text is not narrated")
    func piecesOnlyAtRealBoundaries() throws {
        let crossing = try Self.wrapped("<p>One <em>two. Three</em> four.</p>")
        #expect(crossing.pars == 4)
        #expect(crossing.output.contains("<span id=\"fr-s1\">One</span> <em><span id=\"fr-s1-2\">two.</span> <span id=\"fr-s2\">Three</span></em> <span id=\"fr-s2-2\">four.</span>"))
        let noteref = try Self.wrapped("<p>The gulls came back.<a epub:type=\"noteref\" xmlns:epub=\"http://www.idpf.org/2007/ops\" href=\"#n\">1</a> Then <b>rain</b>.</p>")
        #expect(noteref.output.contains("<span id=\"fr-s1\">The gulls came back.</span><a "), "the unnarrated note reference stays outside")
        #expect(noteref.output.contains("<span id=\"fr-s2\">Then <b>rain</b>.</span>"))
    }

    @Test("an unexpanded entity reference inside a sentence, which is not narrated, is never enclosed")
    func entityReferenceIsNotEnclosed() throws {
        let source = "<?xml version=\"1.0\"?>\n<!DOCTYPE html [<!ENTITY D \"&#x2014;\">]>\n"
            + "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body><p>Wait&D;then go.</p></body></html>"
        let data = Data(source.utf8)
        let extracted = try NarrationExtractor().extract(data, path: "t.xhtml", language: "en")
        let chapter = Chapter(index: 1, href: "t.xhtml", title: "t", language: "en", text: extracted.text,
                              sentences: try Segmenter.sentences(in: extracted.text))
        let raw = try RawXML(data: data, path: "t.xhtml")
        let fragments = try FragmentPlanner.fragments(text: chapter.text, timing: OverlayMeasureTests.syntheticTiming(chapter),
                                                      granularity: .sentence, raw: raw)
        let output = String(decoding: try ContentWrapper(raw: raw, path: "t.xhtml").wrap(fragments, granularity: .sentence, stylesheetHref: nil).data, as: UTF8.self)
        #expect(output.contains("<p><span id=\"fr-s1\">Wait</span>&D;<span id=\"fr-s1-2\">then go.</span></p>"))
    }

    // MARK: Dialogue

    @Test("an attribution after a quoted exclamation or question stays in its sentence; a new sentence does not")
    func dialogueAttributions() throws {
        #expect(try Self.sentences("<p>“Stop!” she cried. “Really?” I asked. “Why?” She left.</p>")
            == ["“Stop!” she cried.", "“Really?” I asked.", "“Why?”", "She left."])
        #expect(try Self.sentences("<p>‘Why not?’ Alice asked. “Now!” Then it rained. “Why?” She asked.</p>")
            == ["‘Why not?’ Alice asked.", "“Now!”", "Then it rained.", "“Why?”", "She asked."])
        #expect(try Self.sentences("<p>Why? I asked nobody. Stop! I said.</p>") == ["Why?", "I asked nobody.", "Stop!", "I said."],
                "without a closing quote there is no attribution")
    }

    // MARK: SVG text

    @Test("SVG text of a fixed-layout page is narrated in order, lines joined, hyphenated words rejoined")
    func svgTextNarration() throws {
        let book = try GeneratedBooks.fixedLayout(at: TestPaths.temporaryFolder("svg-text") + "/lantern.epub")
        let run = try CommandRun.cli(["segment", book, "--chapter", "2", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["text"] as? String == GeneratedBooks.svgNarration)
    }

    @Test("a generated fixed-layout book is highlighted inside its SVG, with seqs for structures and note pars, EPUBCheck clean")
    func fixedLayoutOverlay() throws {
        let folder = try TestPaths.temporaryFolder("fixed-layout")
        let book = try GeneratedBooks.fixedLayout(at: folder + "/lantern.epub")
        let epub = folder + "/read-aloud.epub"
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--include-notes", "--epub", epub], name: "fixed-layout-render")
        let overlay = try OverlayBook(path: epub)
        #expect(overlay.overlays.map(\.item.path) == ["EPUB/p1.xhtml", "EPUB/p2.xhtml", "EPUB/p3.xhtml"])
        #expect(try OverlayChecks.parViolations(overlay, render: render) == [])
        #expect(try OverlayChecks.preservationViolations(input: book, overlay: overlay) == [])
        #expect(try EPUBCheckRun.messages(epub).filter(\.isError) == [])

        let svgPage = try #require(overlay.overlays.first { $0.item.path == "EPUB/p2.xhtml" })
        let document = try XMLDocument(data: overlay.archive.data(at: "EPUB/p2.xhtml"), path: "p2.xhtml")
        let svg = try #require(document.root?.firstDescendant { $0.name == "svg" })
        let insideSVG = Set(svg.descendants { $0.attribute("id") != nil && $0.name == "tspan" }.compactMap { $0.attribute("id") })
        #expect(!svgPage.pars.isEmpty)
        #expect(svgPage.pars.allSatisfy { insideSVG.contains($0.id) }, "every SMIL target of the SVG page is a tspan inside the SVG")

        let smil = String(decoding: try overlay.archive.data(at: try #require(overlay.overlays.last).smilPath), as: UTF8.self)
        for type in ["table", "list", "figure", "sidebar"] {
            #expect(smil.contains("epub:type=\"\(type)\">"), "a seq for the \(type)")
        }
        #expect(smil.contains("<par id=\"par") && smil.contains("epub:type=\"footnote\">"), "the note body's par is marked")
        let p3 = String(decoding: try overlay.archive.data(at: "EPUB/p3.xhtml"), as: UTF8.self)
        #expect(p3.contains("<span id=\"fr-s2\">She was <i>not</i> the only one.</span><span epub:type=\"pagebreak\" id=\"page3\" title=\"3\"></span>"))
        #expect(p3.contains("<span id=\"fr-s4\">“Stop!” she cried.</span> <span id=\"fr-s5\">“Really?” I asked.</span>"))
    }

    @Test("a structure's prefixed epub:type keeps its vocabulary, declared in the SMIL document; an undeclared prefix gives way")
    func prefixedStructureTypes() throws {
        #expect(OverlayStructures.declarations("z3998: http://a.example/v/, se: https://b.example/1.0") ==
                ["z3998": "http://a.example/v/", "se": "https://b.example/1.0"])
        let chapter = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" epub:prefix="z3998: http://www.daisy.org/z3998/2012/vocab/structure/, se: https://standardebooks.org/vocab/1.0"><head><title>Verse</title></head>
            <body><table epub:type="z3998:verse"><tr><td>The tide came in.</td></tr></table>
            <ol epub:type="se:steps"><li>Trim the wick.</li></ol>
            <ul epub:type="xx:steps"><li>Polish the glass.</li></ul></body></html>
            """
        let files = EPUBTestSupport.replacing("EPUB/text/ch2.xhtml", with: chapter, in: EPUBTestSupport.minimalBook())
        let folder = try TestPaths.temporaryFolder("prefixes")
        let book = try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/verse.epub")).path
        let epub = folder + "/read-aloud.epub"
        _ = try RenderedFolder.render(book, ["--rate", "4x", "--chapters", "2", "--epub", epub], name: "prefixes-render")
        let overlay = try OverlayBook(path: epub)
        let smil = String(decoding: try overlay.archive.data(at: try #require(overlay.overlays.first).smilPath), as: UTF8.self)
        #expect(smil.contains("epub:prefix=\"se: https://standardebooks.org/vocab/1.0 z3998: http://www.daisy.org/z3998/2012/vocab/structure/\">"))
        #expect(smil.contains("epub:type=\"z3998:verse\">") && smil.contains("epub:type=\"se:steps\">"))
        #expect(smil.contains("epub:type=\"list\">") && !smil.contains("xx:"), "the undeclared prefix falls back to the default type")
        let known = Set(try EPUBCheckRun.messages(book).filter(\.isError).map { "\($0.id) \($0.path):\($0.line)" })
        #expect(known.contains { $0.hasPrefix("OPF-028 EPUB/text/ch2.xhtml") }, "the input's own undeclared prefix")
        let added = try EPUBCheckRun.messages(epub).filter { $0.isError && !known.contains("\($0.id) \($0.path):\($0.line)") }
        #expect(added == [])
    }

    // MARK: Front and back matter

    @Test("--matter body leaves out front and back matter from epub:type, landmarks and the EPUB 2 guide; inspect shows it")
    func matterSelection() throws {
        let folder = try TestPaths.temporaryFolder("matter")
        let fixed = try GeneratedBooks.fixedLayout(at: folder + "/lantern.epub")
        let inspect = try CommandRun.cli(["inspect", fixed, "--json"])
        let report = try JSONCoding.decode(BookInspection.self, from: Data(inspect.stdout.utf8))
        #expect(report.chapters.map(\.matter) == ["titlepage", "body", "body"])
        let body = try CommandRun.cli(["inspect", fixed, "--json", "--matter", "body"])
        #expect(try JSONCoding.decode(BookInspection.self, from: Data(body.stdout.utf8)).chapters.map(\.index) == [2, 3])
        let segment = try CommandRun.cli(["segment", fixed, "--chapter", "1", "--matter", "body"])
        #expect(segment.status == 1 && segment.stderr.contains("titlepage"))
        #expect(try CommandRun.cli(["inspect", fixed, "--matter", "front"]).status == 2)

        let epub2 = try GeneratedBooks.epub2(at: folder + "/tides.epub")
        let guide = try JSONCoding.decode(BookInspection.self, from: Data(try CommandRun.cli(["inspect", epub2, "--json"]).stdout.utf8))
        #expect(guide.chapters.map(\.matter) == ["body", "copyright-page"])
        let moby = try JSONCoding.decode(BookInspection.self, from: Data(try CommandRun.cli(["inspect", TestPaths.book("moby-dick.epub"), "--json", "--matter", "body"]).stdout.utf8))
        #expect(moby.chapters.first?.title.hasPrefix("Chapter 1.") == true, "front matter before the bodymatter landmark is left out")
        let render = try RenderedFolder.render(epub2, ["--rate", "4x", "--matter", "body"], name: "matter-render")
        #expect(render.manifest.chapters.map(\.index) == [1])
    }

    // MARK: EPUB 2 upgrade

    @Test("an upgraded EPUB 2 book declares svg, mathml, scripted, switch, cover-image and nav, and gains no EPUBCheck error")
    func epub2UpgradeProperties() throws {
        let folder = try TestPaths.temporaryFolder("upgrade")
        let book = try GeneratedBooks.epub2(at: folder + "/tides.epub")
        let epub = folder + "/read-aloud.epub"
        _ = try RenderedFolder.render(book, ["--rate", "4x", "--epub", epub], name: "upgrade-render")
        let output = try EPUBArchive(path: epub)
        let properties = Dictionary(uniqueKeysWithValues: output.book.manifest.map { ($0.id, Set($0.properties)) })
        #expect(properties["c1"] == ["svg", "mathml", "scripted", "switch"])
        #expect(properties["c2"] == ["scripted"])
        #expect(properties["cover"] == ["cover-image"])
        #expect(output.book.manifest.contains { $0.properties.contains("nav") })
        let known = Set(try EPUBCheckRun.messages(book).filter(\.isError).map(\.id))
        let added = try EPUBCheckRun.messages(epub).filter { $0.isError && !known.contains($0.id) }
        #expect(added == [])
    }

    @Test("remote resources are recognised, hyperlinks are not")
    func remoteResources() throws {
        func properties(_ body: String) throws -> [String] {
            UpgradeProperties.contentProperties(try RawXML(data: Data(EPUBTestSupport.chapterXHTML(body).utf8), path: "t.xhtml"))
        }
        #expect(try properties("<p><a href=\"https://example.org/\">a link</a></p>") == [])
        #expect(try properties("<p><audio src=\"https://example.org/a.mp3\"/></p>") == ["remote-resources"])
        #expect(try properties("<p onclick=\"go()\">x</p>") == ["scripted"])
    }

    // MARK: Lenient and loud

    @Test("every META-INF file that is wrong, and every item whose content is not its media type, warns naming the file")
    func metaInfAndMediaTypeWarnings() throws {
        var files = EPUBTestSupport.minimalBook(manifestExtra: "<item id=\"pic\" href=\"pic.jpg\" media-type=\"image/jpeg\"/>")
        files.append(("EPUB/pic.jpg", GeneratedBooks.onePixelPNG))
        files.append(("META-INF/metadata.xml", Data("<?xml version=\"1.0\"?><meta/>".utf8)))
        files.append(("META-INF/signatures.xml", Data("<signatures xmlns=\"urn:example\"/>".utf8)))
        files.append(("META-INF/encryption.xml", Data("<encryption xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">".utf8)))
        files.append(("META-INF/rights.xml", Data("not xml at all".utf8)))
        files = EPUBTestSupport.replacing("META-INF/container.xml", with: """
            <?xml version="1.0"?><container version="1.0" xmlns="urn:example:wrong">
            <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """, in: files)
        let url = try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: TestPaths.temporaryFolder("lenient") + "/book.epub"))
        let archive = try EPUBArchive(path: url.path)
        let warnings = archive.warnings.map(\.message)
        for file in ["META-INF/container.xml", "META-INF/metadata.xml", "META-INF/signatures.xml", "META-INF/encryption.xml",
                     "META-INF/rights.xml", "EPUB/pic.jpg"] {
            #expect(warnings.filter { $0.hasPrefix(file + ":") }.count == 1, "one warning for \(file): \(warnings)")
        }
        #expect(warnings.count == 6)
        #expect(archive.book.spine.count == 2, "the book is still read")
    }
}
