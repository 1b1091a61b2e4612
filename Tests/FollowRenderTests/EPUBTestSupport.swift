import Foundation
import Testing
@testable import FollowRender

/// Shared helpers for the EPUB tests: small generated books (the corpus and
/// temporary folders are `TestPaths`'s).
enum EPUBTestSupport {
    /// Files of a minimal valid EPUB 3 with two chapters; tests edit them to make faults.
    static func minimalBook(
        chapter1: String = "<h1 id=\"start\">One</h1><p>First chapter.</p><p id=\"later\">Later.</p>",
        packageExtra: String = "",
        metadataExtra: String = "",
        manifestExtra: String = ""
    ) -> [(String, Data)] {
        let container = """
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
            </container>
            """
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            \(packageExtra)<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:00000000-0000-0000-0000-000000000001</dc:identifier>
                <dc:title>Generated Book</dc:title>
                <dc:language>en</dc:language>
                <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
                \(metadataExtra)
              </metadata>
              <manifest>
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="ch1" href="text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
                <item id="ch2" href="text/ch2.xhtml" media-type="application/xhtml+xml"/>
                \(manifestExtra)
              </manifest>
              <spine><itemref idref="ch1"/><itemref idref="ch2"/></spine>
            </package>
            """
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><title>Contents</title></head>
            <body><nav epub:type="toc"><ol>
              <li><span>Part One</span><ol>
                <li><a href="text/chapter%201.xhtml\(chapter1.contains("id=\"start\"") ? "#start" : "")">Chapter One</a></li>
                <li><a href="text/chapter%201.xhtml\(chapter1.contains("id=\"later\"") ? "#later" : "")">Later in One</a></li>
              </ol></li>
              <li><a href="text/ch2.xhtml">Chapter Two</a></li>
            </ol></nav></body></html>
            """
        return [
            ("mimetype", Data("application/epub+zip".utf8)),
            ("META-INF/container.xml", Data(container.utf8)),
            ("EPUB/package.opf", Data(package.utf8)),
            ("EPUB/nav.xhtml", Data(nav.utf8)),
            ("EPUB/text/chapter 1.xhtml", Data(chapterXHTML(chapter1).utf8)),
            ("EPUB/text/ch2.xhtml", Data(chapterXHTML("<p>Second chapter.</p>").utf8)),
        ]
    }

    static func chapterXHTML(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter</title></head>
        <body>\(body)</body></html>
        """
    }

    /// The encryption algorithm of DRM (`META-INF/encryption.xml`), which a book is refused for.
    static let aes128 = "http://www.w3.org/2001/04/xmlenc#aes128-cbc"

    /// A `META-INF/encryption.xml` saying that the file at `uri` is encrypted with AES-128.
    static func encryptionXML(_ uri: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
          <enc:EncryptedData>
            <enc:EncryptionMethod Algorithm="\(aes128)"/>
            <enc:CipherData><enc:CipherReference URI="\(uri)"/></enc:CipherData>
          </enc:EncryptedData>
        </encryption>
        """
    }

    /// Replaces a file's content in a book's file list (or adds it).
    static func replacing(_ path: String, with text: String, in files: [(String, Data)]) -> [(String, Data)] {
        var result = files.filter { $0.0 != path }
        result.append((path, Data(text.utf8)))
        return result
    }

    /// Writes files as an EPUB with `ZipWriter`, in order, deflating all but `mimetype`.
    @discardableResult
    static func writeZip(_ files: [(String, Data)], to url: URL) throws -> URL {
        let writer = try ZipWriter(path: url.path)
        for (path, data) in files {
            try writer.add(path: path, data: data, compress: path != "mimetype")
        }
        try writer.close()
        return url
    }

    /// Writes files into a folder, as an unpacked EPUB.
    static func writeFolder(_ files: [(String, Data)], to url: URL) throws {
        for (path, data) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
    }

    /// Replaces every occurrence of `old` by `new` (same length) in a file's bytes,
    /// e.g. to rename ZIP entries to names `ZipWriter` rightly refuses.
    static func patch(_ url: URL, replacing old: String, with new: String) throws {
        let from = Array(old.utf8), to = Array(new.utf8)
        try #require(from.count == to.count)
        var bytes = [UInt8](try Data(contentsOf: url))
        var index = 0
        var replaced = 0
        while index + from.count <= bytes.count {
            if Array(bytes[index..<index + from.count]) == from {
                bytes.replaceSubrange(index..<index + from.count, with: to)
                replaced += 1
                index += from.count
            } else {
                index += 1
            }
        }
        try #require(replaced > 0, "\(old) not found in \(url.lastPathComponent)")
        try Data(bytes).write(to: url)
    }

    /// Sets the uncompressed size an entry declares, in its local and central headers.
    static func patchDeclaredSize(_ url: URL, entry: String, size: UInt32) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        let name = Array(entry.utf8)
        var patched = 0
        for index in 0..<max(bytes.count - 46, 0) {
            let signature = bytes[index..<index + 4]
            let (nameOffset, sizeOffset): (Int, Int)
            if signature.elementsEqual([0x50, 0x4B, 0x03, 0x04]) {
                (nameOffset, sizeOffset) = (30, 22)
            } else if signature.elementsEqual([0x50, 0x4B, 0x01, 0x02]) {
                (nameOffset, sizeOffset) = (46, 24)
            } else {
                continue
            }
            guard index + nameOffset + name.count <= bytes.count,
                  bytes[index + nameOffset..<index + nameOffset + name.count].elementsEqual(name) else { continue }
            for byte in 0..<4 { bytes[index + sizeOffset + byte] = UInt8((size >> (8 * UInt32(byte))) & 0xFF) }
            patched += 1
        }
        try #require(patched == 2, "expected a local and a central header for \(entry)")
        try Data(bytes).write(to: url)
    }

    /// Opens a book, requiring it to fail, and returns the reason and the time taken.
    static func refusal(_ url: URL) -> (reason: String?, seconds: Double) {
        let start = Date()
        do {
            _ = try EPUBArchive(path: url.path)
            return (nil, Date().timeIntervalSince(start))
        } catch {
            return (error.description, Date().timeIntervalSince(start))
        }
    }
}
