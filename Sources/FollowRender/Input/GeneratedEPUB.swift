import Foundation

/// Builds the files of an EPUB 3 from a `DraftBook`, in memory: `mimetype`,
/// `container.xml`, a package document with metadata, a navigation document
/// (the chapters, each with its sections nested under it, at their ids),
/// one XHTML document per chapter (`chapter-N.xhtml`, its `<section>` with
/// id `chapter-N`) and the cover image when one is given.
struct GeneratedEPUB {
    static let folder = "OEBPS/"
    static let packagePath = folder + "package.opf"

    var draft: DraftBook
    var language: String
    /// A stable identifier derived from the input's bytes.
    var identifier: String
    /// `dcterms:modified`, e.g. the input file's modification time.
    var modified: Date
    var cover: (data: Data, mediaType: String, extension: String)?

    static func chapterFile(_ number: Int) -> String { "chapter-\(number).xhtml" }

    /// The files in archive order.
    func files() -> [(path: String, data: Data)] {
        var files: [(String, Data)] = [
            ("mimetype", Data("application/epub+zip".utf8)),
            ("META-INF/container.xml", Data(containerXML.utf8)),
            (Self.packagePath, Data(packageXML.utf8)),
            (Self.folder + "nav.xhtml", Data(navigationXHTML.utf8)),
        ]
        for (offset, chapter) in draft.chapters.enumerated() {
            files.append((Self.folder + Self.chapterFile(offset + 1), Data(chapterXHTML(chapter, number: offset + 1).utf8)))
        }
        if let cover { files.append((Self.folder + "cover." + cover.extension, cover.data)) }
        return files
    }

    private var containerXML: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="\(Self.packagePath)" media-type="application/oebps-package+xml"/></rootfiles>
        </container>

        """
    }

    private var packageXML: String {
        let e = { (text: String) in XMLEscaping.escaped(text) }
        var manifest = ["    <item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"]
        var spine: [String] = []
        for number in draft.chapters.indices.map({ $0 + 1 }) {
            manifest.append("    <item id=\"chapter-\(number)\" href=\"\(Self.chapterFile(number))\" media-type=\"application/xhtml+xml\"/>")
            spine.append("    <itemref idref=\"chapter-\(number)\"/>")
        }
        if let cover {
            manifest.append("    <item id=\"cover\" href=\"cover.\(cover.extension)\" media-type=\"\(cover.mediaType)\" properties=\"cover-image\"/>")
        }
        let creators = draft.authors.enumerated().map { "    <dc:creator id=\"creator-\($0.offset + 1)\">\(e($0.element))</dc:creator>" }
        let stamp = ISO8601DateFormatter().string(from: modified)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="\(e(language))">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">\(e(identifier))</dc:identifier>
                <dc:title>\(e(draft.title))</dc:title>
            \(creators.map { $0 + "\n" }.joined())    <dc:language>\(e(language))</dc:language>
                <meta property="dcterms:modified">\(stamp)</meta>
              </metadata>
              <manifest>
            \(manifest.joined(separator: "\n"))
              </manifest>
              <spine>
            \(spine.joined(separator: "\n"))
              </spine>
            </package>

            """
    }

    private var navigationXHTML: String {
        let entries = draft.chapters.enumerated().map { offset, chapter in
            let file = Self.chapterFile(offset + 1)
            return "      <li><a href=\"\(file)\">\(XMLEscaping.escaped(chapter.title))</a>"
                + Self.sectionList(chapter.sections, file: file) + "</li>"
        }
        return document(title: draft.title, body: """
            <nav epub:type="toc" id="toc">
              <h1>\(XMLEscaping.escaped(draft.title))</h1>
              <ol>
            \(entries.joined(separator: "\n"))
              </ol>
            </nav>
            """)
    }

    /// A chapter's sections as nested `<ol>`s for inside its `<li>`: each
    /// nests under the nearest section before it of a smaller depth, so
    /// skipped levels (a `####` under a `##`) nest one level, not two.
    static func sectionList(_ sections: [DraftBook.Section], file: String) -> String {
        var markup = ""
        var ancestors: [Int] = []  // the source depths of the open sections, outermost first
        for section in sections {
            let before = ancestors.count
            while let last = ancestors.last, last >= section.depth { ancestors.removeLast() }
            if ancestors.count == before {
                markup += "<ol>"
            } else {
                markup += "</li>" + String(repeating: "</ol></li>", count: before - ancestors.count - 1)
            }
            ancestors.append(section.depth)
            markup += "<li><a href=\"\(file)#\(section.id)\">\(XMLEscaping.escaped(section.title))</a>"
        }
        return markup + String(repeating: "</li></ol>", count: ancestors.count)
    }

    private func chapterXHTML(_ chapter: DraftBook.Chapter, number: Int) -> String {
        document(title: chapter.title, body: "<section id=\"chapter-\(number)\" epub:type=\"chapter\">\n\(chapter.body)</section>")
    }

    private func document(title: String, body: String) -> String {
        let lang = XMLEscaping.escaped(language)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)" lang="\(lang)">
            <head>
            <meta charset="UTF-8"/>
            <title>\(XMLEscaping.escaped(title))</title>
            </head>
            <body>
            \(body)
            </body>
            </html>

            """
    }
}
