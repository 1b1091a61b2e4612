import Foundation
import Testing
@testable import FollowRender

@Suite("EPUB reading")
struct EPUBTests {
    @Test("every corpus book opens with a readable spine and a TOC pointing into it")
    func corpusBooksOpen() throws {
        let books = try TestPaths.corpusFiles("books")
        #expect(books.count == 13)
        for path in books {
            let start = Date()
            let archive = try EPUBArchive(path: path)
            let seconds = Date().timeIntervalSince(start)
            let book = archive.book
            let name = URL(fileURLWithPath: path).lastPathComponent
            #expect(seconds < 1, "\(name) took \(seconds) s")
            #expect(archive.warnings.isEmpty, "\(name): \(archive.warnings)")
            #expect(!book.metadata.title.isEmpty && book.metadata.language != "und" && !book.metadata.identifier.isEmpty, "\(name)")
            #expect(book.metadata.version.hasPrefix("2") || book.metadata.version.hasPrefix("3"), "\(name)")
            #expect(!book.spine.isEmpty && !book.toc.isEmpty, "\(name)")
            #expect(book.spine.map(\.index) == Array(1...book.spine.count), "\(name)")
            let manifestPaths = Set(book.manifest.map(\.path))
            for item in book.spine {
                #expect(manifestPaths.contains(item.path), "\(name): \(item.path)")
                #expect(try !archive.data(at: item.path).isEmpty, "\(name): \(item.path)")
            }
            #expect(book.spine.contains { $0.tocTitle != nil }, "\(name)")
            var pending = book.toc
            while let entry = pending.popLast() {
                #expect(manifestPaths.contains(entry.path), "\(name): TOC \(entry.title) -> \(entry.path)")
                pending += entry.children
            }
            if let cover = book.metadata.coverPath {
                #expect(try archive.data(at: cover).count > 100, "\(name): cover \(cover)")
            }
        }
    }

    @Test("EPUB 3 metadata, cover, layout and the nav document marked in the spine")
    func epub3Metadata() throws {
        let archive = try EPUBArchive(path: TestPaths.book("accessible_epub_3.epub"))
        let book = archive.book
        #expect(book.metadata.title == "Accessible EPUB 3")
        #expect(book.metadata.creators == ["Matt Garrish"])
        #expect(book.metadata.identifier == "urn:isbn:9781449328030")
        #expect(book.metadata.coverPath == "EPUB/covers/9781449328030_lrg.jpg")
        #expect(book.packagePath == "EPUB/package.opf")
        #expect(book.spine.first?.linear == false)
        #expect(book.spine.filter(\.isNavigation).map(\.path) == ["EPUB/bk01-toc.xhtml"])
        #expect(book.spine.first { $0.path == "EPUB/pr01.xhtml" }?.tocTitle == "Preface")

        let haruko = try EPUBArchive(path: TestPaths.book("haruko-html-jpeg.epub")).book
        #expect(haruko.metadata.layout == .prePaginated)
        #expect(haruko.metadata.language == "ja-jp")
        #expect(book.metadata.layout == .reflowable)
    }

    @Test("EPUB 2 NCX gives nested TOC titles to the spine")
    func epub2NCXTitles() throws {
        let archive = try EPUBArchive(path: TestPaths.book("alice-in-wonderland-epub2.epub"))
        let book = archive.book
        #expect(book.metadata.version == "2.0")
        #expect(book.metadata.creators == ["Lewis Carroll"])
        #expect(book.toc.count == 12)
        #expect(book.spine.count == 13)
        #expect(book.spine[0].tocTitle == nil)
        #expect(book.spine[1].path == "chapter01.xhtml")
        #expect(book.spine[1].tocTitle == "I. Down the Rabbit-Hole")
        #expect(book.spine[12].tocTitle == "XII. Alice's Evidence")
        #expect(!book.spine.contains { $0.isNavigation })
    }

    @Test("nested NCX navPoints are read depth first, relative to the NCX's folder")
    func nestedNCX() throws {
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
                <dc:identifier id="uid">id-2</dc:identifier><dc:title>Two</dc:title><dc:language>fr</dc:language>
              </metadata>
              <manifest>
                <item id="ncx" href="nav/toc.ncx" media-type="application/x-dtbncx+xml"/>
                <item id="ch1" href="text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
                <item id="ch2" href="text/ch2.xhtml" media-type="application/xhtml+xml"/>
              </manifest>
              <spine toc="ncx"><itemref idref="ch1"/><itemref idref="ch2" linear="no"/></spine>
            </package>
            """
        let ncx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/>
              <docTitle><text>Two</text></docTitle>
              <navMap>
                <navPoint id="p1" playOrder="1"><navLabel><text>Part&nbsp;I</text></navLabel><content src="../text/chapter%201.xhtml#start"/>
                  <navPoint id="p2" playOrder="2"><navLabel><text>Section</text></navLabel><content src="../text/ch2.xhtml#s"/>
                    <navPoint id="p3" playOrder="3"><navLabel><text>Deep</text></navLabel><content src="../text/ch2.xhtml"/></navPoint>
                  </navPoint>
                </navPoint>
              </navMap>
            </ncx>
            """
        var files = EPUBTestSupport.minimalBook().filter { $0.0 != "EPUB/nav.xhtml" }
        files = EPUBTestSupport.replacing("EPUB/package.opf", with: package, in: files)
        files = EPUBTestSupport.replacing("EPUB/nav/toc.ncx", with: ncx, in: files)
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let archive = try EPUBArchive(path: EPUBTestSupport.writeZip(files, to: folder.appendingPathComponent("b.epub")).path)
        let book = archive.book
        #expect(archive.warnings.isEmpty)
        #expect(book.toc.count == 1)
        #expect(book.toc.first?.title == "Part I")
        #expect(book.toc.first?.children.first?.children.first?.title == "Deep")
        #expect(book.toc.first?.children.first?.fragment == "s")
        #expect(book.spine.map(\.tocTitle) == ["Part I", "Section"])
        #expect(book.spine.map(\.linear) == [true, false])
        #expect(book.metadata.version == "2.0" && book.metadata.language == "fr")
    }

    @Test("fragment-anchored TOC entries title the document they point into")
    func fragmentAnchoredTOC() throws {
        let archive = try EPUBArchive(path: TestPaths.book("wasteland-otf-obf.epub"))
        let book = archive.book
        #expect(book.toc.map(\.fragment) == ["ch1", "ch2", "ch3", "ch4", "ch5", "rearnotes"])
        #expect(Set(book.toc.map(\.path)) == ["EPUB/wasteland-content.xhtml"])
        #expect(book.spine.map(\.tocTitle) == ["I. THE BURIAL OF THE DEAD"])
    }

    @Test("nav and hrefs are resolved relative to their own folder")
    func relativeNavigation() throws {
        let book = try EPUBArchive(path: TestPaths.book("regime-anticancer-arabic.epub")).book
        #expect(book.toc.map(\.path) == ["EPUB/Content/A_cover.xhtml", "EPUB/Content/B_titlepage.xhtml", "EPUB/Content/C_content.xhtml"])
        #expect(book.spine.map(\.tocTitle) == ["Couverture", "Page de titre", "Commencer la lecture"])
    }

    @Test("font obfuscation is accepted, the fonts stay readable as stored")
    func fontObfuscationAccepted() throws {
        let archive = try EPUBArchive(path: TestPaths.book("wasteland-otf-obf.epub"))
        #expect(archive.warnings.isEmpty)
        let font = try #require(archive.book.manifest.first { $0.path == "EPUB/OldStandard-Regular.obf.otf" })
        #expect(try archive.data(at: font.path).count > 10_000)
    }

    @Test("an unpacked folder gives the same Book as its zip")
    func folderMatchesZip() throws {
        for name in ["moby-dick.epub", "alice-in-wonderland-epub2.epub"] {
            let zipped = try EPUBArchive(path: TestPaths.book(name))
            let folder = try TestPaths.temporaryURL()
            defer { TestPaths.remove(folder) }
            try CommandRun.checked("/usr/bin/unzip", ["-q", TestPaths.book(name), "-d", folder.path])
            let unpacked = try EPUBArchive(path: folder.path)
            #expect(unpacked.book == zipped.book, "\(name)")
            #expect(unpacked.warnings == zipped.warnings)
            let chapter = zipped.book.spine[2].path
            #expect(try unpacked.data(at: chapter) == zipped.data(at: chapter))
        }
    }

    @Test("hrefs are percent-decoded; spans without links give way to their children")
    func generatedBookPaths() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let url = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(), to: folder.appendingPathComponent("book.epub"))
        let archive = try EPUBArchive(path: url.path)
        let book = archive.book
        #expect(archive.warnings.isEmpty)
        #expect(book.spine.map(\.path) == ["EPUB/text/chapter 1.xhtml", "EPUB/text/ch2.xhtml"])
        #expect(book.spine.map(\.tocTitle) == ["Chapter One", "Chapter Two"])
        #expect(book.toc.map(\.title) == ["Chapter One", "Later in One", "Chapter Two"])
        #expect(book.toc.map(\.fragment) == ["start", "later", nil])
        #expect(String(decoding: try archive.data(at: "EPUB/text/chapter 1.xhtml"), as: UTF8.self).contains("First chapter."))
        let missing = #expect(throws: BookError.self) { try archive.data(at: "EPUB/nothing.xhtml") }
        #expect(missing?.kind == .missing)
        #expect(missing?.description == "EPUB/nothing.xhtml: not in the book")
    }

    @Test("an EPUB 2 cover meta names the cover image; metadata is whitespace-collapsed")
    func epub2CoverMeta() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let files = EPUBTestSupport.minimalBook(
            metadataExtra: #"<meta name="cover" content="art"/><dc:creator>  Ann &#10;   Author </dc:creator>"#,
            manifestExtra: #"<item id="art" href="images/art%20work.png" media-type="image/png"/>"#
        ) + [("EPUB/images/art work.png", Data(repeating: 1, count: 200))]
        let book = try EPUBArchive(path: EPUBTestSupport.writeZip(files, to: folder.appendingPathComponent("b.epub")).path).book
        #expect(book.metadata.coverPath == "EPUB/images/art work.png")
        #expect(book.metadata.creators == ["Ann Author"])
        #expect(book.metadata.identifier == "urn:uuid:00000000-0000-0000-0000-000000000001")
    }

    @Test("each bad corpus file gives its documented outcome, within a second")
    func badCorpusFiles() throws {
        let expected: [String: [String]] = [
            "nav-toc-missing-error.epub": ["EPUB/nav.xhtml: the navigation document has no toc nav"],
            "ncx-missing-resource-error.epub": [
                "OPS/toc.ncx: TOC entry 'bogus' points to OPS/AppData/Local/Temp/www.NotARealWebsite.com, which is not in the book; the entry is dropped",
            ],
            "ocf-container-file-missing-fatal.epub": [
                "META-INF/container.xml: missing; using the only package document, EPUB/package.opf",
            ],
            "ocf-mimetype-file-missing-error.epub": ["mimetype: missing"],
            "opf-spine-itemref-repeated-error.epub": [
                "OPS/package.opf: spine lists 'content_001' more than once; the repeat is skipped",
            ],
            "package-manifest-item-missing-error.epub": ["EPUB/missing.xhtml: listed in the manifest but missing from the book"],
        ]
        let files = try TestPaths.corpusFiles("bad")
        #expect(Set(files.map { URL(fileURLWithPath: $0).lastPathComponent }) == Set(expected.keys))
        for path in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let start = Date()
            let archive = try EPUBArchive(path: path)
            #expect(Date().timeIntervalSince(start) < 1, "\(name)")
            #expect(archive.warnings.map(\.message) == expected[name], "\(name)")
            #expect(!archive.book.spine.isEmpty, "\(name)")
            for item in archive.book.spine { _ = try archive.data(at: item.path) }
        }
        let repeated = try EPUBArchive(path: TestPaths.corpusFile("bad/opf-spine-itemref-repeated-error.epub"))
        #expect(repeated.book.spine.map(\.idref) == ["content_001", "content_002"])
        #expect(repeated.book.spine.map(\.index) == [1, 2])
        let missing = try EPUBArchive(path: TestPaths.corpusFile("bad/package-manifest-item-missing-error.epub"))
        #expect(!missing.book.manifest.contains { $0.id == "missing" })
        let noTOC = try EPUBArchive(path: TestPaths.corpusFile("bad/nav-toc-missing-error.epub"))
        #expect(noTOC.book.toc.isEmpty)
    }

    @Test("ZipWriter puts mimetype first and stored, and the result reads back")
    func zipWriterRoundTrip() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let url = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(), to: folder.appendingPathComponent("book.epub"))
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes[0..<4].elementsEqual([0x50, 0x4B, 0x03, 0x04]))
        #expect(bytes[8] == 0 && bytes[9] == 0, "mimetype stored, not deflated")
        #expect(bytes[28] == 0 && bytes[29] == 0, "no extra field on mimetype")
        #expect(String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(String(decoding: bytes[38..<58], as: UTF8.self) == "application/epub+zip")
        let again = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(), to: folder.appendingPathComponent("again.epub"))
        #expect(try Data(contentsOf: again) == Data(contentsOf: url), "same content, same bytes")

        let writer = try ZipWriter(path: folder.appendingPathComponent("late.epub").path)
        try writer.add(path: "META-INF/container.xml", data: Data(), compress: true)
        let late = #expect(throws: RenderError.self) {
            try writer.add(path: "mimetype", data: Data("application/epub+zip".utf8), compress: false)
        }
        #expect(late?.kind == .write)
        #expect(late?.description == "mimetype: must be the first entry of an EPUB")
        let evil = #expect(throws: RenderError.self) {
            try writer.add(path: "../evil", data: Data(), compress: true)
        }
        #expect(evil?.kind == .write)
        #expect((evil?.cause as? BookError)?.kind == .unsafe)
        #expect(evil?.description == "../evil: path climbs out of the archive with '..'")
    }

    @Test("EPUBCheck accepts a book written by ZipWriter")
    func zipWriterPassesEPUBCheck() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let url = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(), to: folder.appendingPathComponent("book.epub"))
        try CommandRun.checked("/usr/bin/java", EPUBCheckRun.javaOptions + ["-jar", "/usr/share/java/epubcheck.jar", url.path])
    }
}
