import Foundation
@testable import FollowRender

/// Small EPUBs made for the table-of-contents tests: a navigation document
/// given as its `<ol>` items, and content documents given as body markup.
enum NavigationBook {
    /// The files of a book whose spine is `documents` (name, body) in order and whose toc nav lists `items`.
    static func files(items: String, documents: [(name: String, body: String)], title: String = "Nav Book") -> [(String, Data)] {
        let manifest = documents.enumerated().map { number, document in
            "<item id=\"d\(number)\" href=\"\(document.name)\" media-type=\"application/xhtml+xml\"/>"
        }.joined(separator: "\n")
        let spine = documents.indices.map { "<itemref idref=\"d\($0)\"/>" }.joined()
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:00000000-0000-0000-0000-000000000026</dc:identifier>
                <dc:title>\(title)</dc:title><dc:language>en</dc:language>
                <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
              </metadata>
              <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            \(manifest)</manifest>
              <spine>\(spine)</spine>
            </package>
            """
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><title>Contents</title></head><body><nav epub:type="toc"><ol>\(items)</ol></nav></body></html>
            """
        let container = """
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
            </container>
            """
        return [("mimetype", Data("application/epub+zip".utf8)), ("META-INF/container.xml", Data(container.utf8)),
                ("EPUB/package.opf", Data(package.utf8)), ("EPUB/nav.xhtml", Data(nav.utf8))]
            + documents.map { ("EPUB/" + $0.name, Data(EPUBTestSupport.chapterXHTML($0.body).utf8)) }
    }

    /// A title page, then three tales in one document, two of them in a part: the shape of an anthology.
    static let tales: [(String, Data)] = files(
        items: """
            <li><a href="tales.xhtml#part1">Part One</a><ol>
            <li><a href="tales.xhtml#t1">The Fox</a></li><li><a href="tales.xhtml#t2">The Crow</a></li></ol></li>
            <li><a href="tales.xhtml#t3">The Owl</a></li>
            """,
        documents: [
            ("title.xhtml", "<h1>Three Tales</h1><p>A small book of fables.</p>"),
            ("tales.xhtml", """
                <section id="part1"><h1>Part One</h1><section id="t1"><h2>The Fox</h2><p>A fox walked in the wood. He was hungry.</p>\
                </section><section id="t2"><h2>The Crow</h2><p>A crow sat on a tree with a piece of cheese.</p></section></section>\
                <section id="t3"><h1>The Owl</h1><p>The owl saw everything that happened at night.</p></section>
                """),
        ],
        title: "Three Tales")

    /// The tales and a fourth in a file of its own, whose word "lantern" no earlier chapter has:
    /// three chapters for the web player's search in the book and progress per entry.
    static let fourTales: [(String, Data)] = files(
        items: """
            <li><a href="tales.xhtml#part1">Part One</a><ol>
            <li><a href="tales.xhtml#t1">The Fox</a></li><li><a href="tales.xhtml#t2">The Crow</a></li></ol></li>
            <li><a href="tales.xhtml#t3">The Owl</a></li><li><a href="heron.xhtml">The Heron</a></li>
            """,
        documents: [
            ("title.xhtml", "<h1>Four Tales</h1><p>A small book of fables for the evening.</p>"),
            ("tales.xhtml", """
                <section id="part1"><h1>Part One</h1><section id="t1"><h2>The Fox</h2><p>A fox walked in the wood. He was hungry.</p>\
                </section><section id="t2"><h2>The Crow</h2><p>A crow sat on a tree with a piece of cheese. The fox looked up and \
                praised her voice, and the cheese fell.</p></section></section>\
                <section id="t3"><h1>The Owl</h1><p>The owl saw everything that happened at night.</p></section>
                """),
            ("heron.xhtml", """
                <h1>The Heron</h1><p>The heron stood in the marsh until the moon rose. Across the water a lantern \
                glimmered in a window, and the heron watched the Lantern until it went out.</p>
                """),
        ],
        title: "Four Tales")

    /// Writes `files` as `name` in `folder` and returns its path.
    static func write(_ files: [(String, Data)], in folder: String, name: String = "book.epub") throws -> String {
        try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder).appendingPathComponent(name)).path
    }
}
