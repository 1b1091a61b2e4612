import Foundation

/// Small original books written at test time for what the corpus lacks: a
/// fixed-layout book whose pages carry SVG text, skippable and escapable
/// structures and landmarks; an EPUB 2 book that needs manifest properties
/// once upgraded.
enum GeneratedBooks {
    static let svgPage = """
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="600" height="800" viewBox="0 0 600 800">
        <title>Page two</title>
        <rect x="0" y="0" width="600" height="800" fill="#ffffff"/>
        <g>
        <text x="40" y="80">The lantern burned all night on the rocky</text>
        <text x="40" y="110">point, and the keeper watched the sea with</text>
        <text x="40" y="140">a patient, unhurried atten-</text>
        <text x="40" y="170">tion. Nobody came.</text>
        </g>
        <text x="40" y="300"><tspan x="40" y="300">Her boat was <tspan font-style="italic">not</tspan> late,</tspan><tspan x="40" y="330">and the tide was Low-</tspan><tspan x="40" y="360">Water.</tspan></text>
        </svg>
        """

    /// The narration the SVG page must give.
    static let svgNarration = "The lantern burned all night on the rocky point, and the keeper watched the sea with "
        + "a patient, unhurried attention. Nobody came.\nHer boat was not late, and the tide was Low- Water."

    static let structuresPage = """
        <section epub:type="chapter"><h1>The Log</h1>
        <p>She was <i>not</i> the only one.<span epub:type="pagebreak" id="page3" title="3"></span> The gulls came back.<a epub:type="noteref" href="#n1" id="r1">1</a></p>
        <p>“Stop!” she cried. “Really?” I asked. “Why?” She left.</p>
        <table><tr><td>Oil used</td><td>Four pints</td></tr></table>
        <ul><li>Trim the wick.</li><li>Polish the glass.</li></ul>
        <figure><figcaption>The lamp at dusk.</figcaption></figure>
        <aside epub:type="sidebar"><p>Lanterns need care.</p></aside>
        <aside epub:type="footnote" id="n1"><p>Logged by the keeper.</p></aside>
        </section>
        """

    /// A fixed-layout EPUB 3: a title page, an SVG page, a page of structures; landmarks put the body at page 2.
    static func fixedLayout(at path: String) throws -> String {
        func page(_ title: String, _ body: String, bodyType: String? = nil) -> Data {
            Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
                <head><meta charset="utf-8"/><meta name="viewport" content="width=600, height=800"/><title>\(title)</title></head>
                <body\(bodyType.map { " epub:type=\"\($0)\"" } ?? "")>\(body)</body></html>
                """.utf8)
        }
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:00000000-0000-0000-0000-0000000000f1</dc:identifier>
                <dc:title>The Lantern Keeper</dc:title>
                <dc:language>en</dc:language>
                <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
                <meta property="rendition:layout">pre-paginated</meta>
              </metadata>
              <manifest>
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
                <item id="p2" href="p2.xhtml" media-type="application/xhtml+xml" properties="svg"/>
                <item id="p3" href="p3.xhtml" media-type="application/xhtml+xml"/>
              </manifest>
              <spine><itemref idref="p1"/><itemref idref="p2"/><itemref idref="p3"/></spine>
            </package>
            """
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
            <head><meta charset="utf-8"/><title>Contents</title></head>
            <body><nav epub:type="toc" id="toc"><ol><li><a href="p1.xhtml">Title</a></li><li><a href="p2.xhtml">Night</a></li>
            <li><a href="p3.xhtml">The Log</a></li></ol></nav>
            <nav epub:type="landmarks" hidden=""><ol><li><a epub:type="titlepage" href="p1.xhtml">Title page</a></li>
            <li><a epub:type="bodymatter" href="p2.xhtml">Start</a></li></ol></nav></body></html>
            """
        let files: [(String, Data)] = [
            ("mimetype", Data("application/epub+zip".utf8)),
            ("META-INF/container.xml", Data(container.utf8)),
            ("EPUB/package.opf", Data(package.utf8)),
            ("EPUB/nav.xhtml", Data(nav.utf8)),
            ("EPUB/p1.xhtml", page("Title", "<h1>The Lantern Keeper</h1><p>A picture book in three pages.</p>", bodyType: "titlepage")),
            ("EPUB/p2.xhtml", page("Night", svgPage)),
            ("EPUB/p3.xhtml", page("The Log", structuresPage)),
        ]
        return try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: path)).path
    }

    /// An EPUB 2 book whose chapter holds inline SVG, MathML, a script and an
    /// `ops:switch`, with a cover image declared the EPUB 2 way and a guide.
    static func epub2(at path: String) throws -> String {
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
                <dc:identifier id="uid">urn:uuid:00000000-0000-0000-0000-0000000000f2</dc:identifier>
                <dc:title>Tide Tables</dc:title>
                <dc:language>en</dc:language>
                <dc:creator opf:role="aut" opf:file-as="Keeper, Ann">Ann Keeper</dc:creator>
                <meta name="cover" content="cover"/>
              </metadata>
              <manifest>
                <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
                <item id="cover" href="cover.png" media-type="image/png"/>
                <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
                <item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/>
              </manifest>
              <spine toc="ncx"><itemref idref="c1"/><itemref idref="c2"/></spine>
              <guide><reference type="text" href="c1.xhtml" title="Start"/><reference type="copyright-page" href="c2.xhtml" title="Rights"/></guide>
            </package>
            """
        let ncx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
            <head><meta name="dtb:uid" content="urn:uuid:00000000-0000-0000-0000-0000000000f2"/><meta name="dtb:depth" content="1"/>
            <meta name="dtb:totalPageCount" content="0"/><meta name="dtb:maxPageNumber" content="0"/></head>
            <docTitle><text>Tide Tables</text></docTitle>
            <navMap><navPoint id="n1" playOrder="1"><navLabel><text>Tides</text></navLabel><content src="c1.xhtml"/></navPoint>
            <navPoint id="n2" playOrder="2"><navLabel><text>Rights</text></navLabel><content src="c2.xhtml"/></navPoint></navMap>
            </ncx>
            """
        func chapter(_ body: String) -> Data {
            Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
                <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>Tides</title>
                <script type="text/javascript">var tides = 2;</script></head>
                <body>\(body)</body></html>
                """.utf8)
        }
        let c1 = """
            <h1>Tides</h1><p>The sea rises twice a day.</p>
            <p><svg xmlns="http://www.w3.org/2000/svg" width="100" height="20"><rect width="100" height="20" fill="#000"/></svg></p>
            <p><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>h</mi><mo>=</mo><mn>2</mn></math></p>
            <ops:switch xmlns:ops="http://www.idpf.org/2007/ops" id="s1"><ops:case required-namespace="http://www.w3.org/1998/Math/MathML"><math xmlns="http://www.w3.org/1998/Math/MathML"><mn>2</mn></math></ops:case><ops:default><p>Two metres.</p></ops:default></ops:switch>
            """
        let files: [(String, Data)] = [
            ("mimetype", Data("application/epub+zip".utf8)),
            ("META-INF/container.xml", Data(container.utf8)),
            ("EPUB/package.opf", Data(package.utf8)),
            ("EPUB/toc.ncx", Data(ncx.utf8)),
            ("EPUB/cover.png", onePixelPNG),
            ("EPUB/c1.xhtml", chapter(c1)),
            ("EPUB/c2.xhtml", chapter("<p>All rights reserved by the keeper.</p>")),
        ]
        return try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: path)).path
    }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    /// A valid 1×1 PNG.
    static let onePixelPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
}
