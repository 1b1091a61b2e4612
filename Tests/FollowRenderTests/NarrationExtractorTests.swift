import Foundation
import Testing
@testable import FollowRender

@Suite("Narration text extraction")
struct NarrationExtractorTests {
    private func xhtml(_ body: String, lang: String = "en") -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)">
        <head><title>Ignored title</title><style>p { color: red; }</style></head>
        <body>\(body)</body></html>
        """.utf8)
    }

    private func extract(_ body: String, includeNotes: Bool = false) throws -> ExtractedDocument {
        try NarrationExtractor(options: NarrationOptions(includeNotes: includeNotes))
            .extract(xhtml(body), path: "test.xhtml", language: "en")
    }

    @Test("whitespace collapses as a browser would and blocks become paragraphs")
    func whitespaceAndBlocks() throws {
        let result = try extract("<h1>  A   Title </h1>\n<p>One\n   <em>two</em>  three.</p><div>Four<p>Five</p>Six</div>")
        #expect(result.text.text == "A Title\nOne two three.\nFour\nFive\nSix")
        #expect(result.text.paragraphs.map(\.kind) == [.heading, .text, .text, .text, .text])
        #expect(result.firstHeading == "A Title")
        let ranges = result.text.paragraphs.map { result.text.substring($0.range) }
        #expect(ranges == ["A Title", "One two three.", "Four", "Five", "Six"])
    }

    @Test("a line break stays inside its paragraph")
    func lineBreaks() throws {
        let result = try extract("<p>Roses are red,<br/>  violets blue.<br/></p><p>Next</p>")
        #expect(result.text.text == "Roses are red,\nviolets blue.\nNext")
        #expect(result.text.paragraphs.count == 2)
    }

    @Test("hidden content, page breaks, note references, scripts and ruby annotations are not read")
    func exclusions() throws {
        let body = """
        <p>Seen<span hidden="">hidden</span><span aria-hidden="true">aria</span><span style="display: none">css</span>
        <span epub:type="pagebreak" id="p1">12</span><span role="doc-pagebreak">13</span>
        text<a epub:type="noteref" href="#n1">1</a>.</p>
        <script>var x = 1;</script>
        <nav epub:type="toc"><ol><li>Contents</li></ol></nav>
        <p><ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字</ruby></p>
        <aside epub:type="footnote" id="n1"><p>A note.</p></aside>
        """
        let result = try extract(body)
        #expect(result.text.text == "Seen text.\n漢字")
        let withNotes = try extract(body, includeNotes: true)
        #expect(withNotes.text.text == "Seen text.\n漢字\nA note.")
    }

    @Test("preformatted text keeps its spaces and line breaks")
    func preformatted() throws {
        let result = try extract("<pre>let  x = 1\n  y</pre>")
        #expect(result.text.text == "let  x = 1\n  y")
    }

    @Test("each run of text keeps its language")
    func languages() throws {
        let result = try extract("<p>Hello <span xml:lang=\"fr\">bonjour</span> and <i lang=\"de\">guten Tag</i>.</p>")
        let runs = result.text.languages.map { ($0.language, result.text.substring($0.range)) }
        #expect(runs.map(\.0) == ["en", "fr", "en", "de", "en"])
        #expect(runs.map(\.1) == ["Hello ", "bonjour", " and ", "guten Tag", "."])
    }

    @Test("every narrated character maps back to its source text node and offset")
    func sourceMap() throws {
        let data = xhtml("<p>Caf\u{E9}   <b>na\u{EF}ve</b> 😀 e\u{301}\n text</p><p>Two</p>")
        let result = try NarrationExtractor().extract(data, path: "t.xhtml", language: "en")
        let document = try XMLDocument(data: data, path: "t.xhtml")
        let nodes = try #require(document.root).textNodes.map { Array($0.content.utf16) }
        let text = Array(result.text.text.utf16)
        var covered = Set<Int>()
        for span in result.text.sourceMap {
            let source = nodes[span.node][span.offset..<(span.offset + span.range.length)]
            let narrated = text[span.range.location..<span.range.end]
            let expected = narrated.map { $0 == 0x20 ? UInt16(0x20) : $0 }
            #expect(Array(source).map { [0x0A, 0x09, 0x0D].contains($0) ? 0x20 : $0 } == expected)
            covered.formUnion(span.range.location..<span.range.end)
        }
        let separators = Set(text.indices.filter { text[$0] == 0x0A })
        #expect(covered.union(separators) == Set(text.indices))
        #expect(result.text.text == "Caf\u{E9} na\u{EF}ve 😀 e\u{301} text\nTwo")
    }
}
