import Foundation
import Testing
@testable import FollowRender

/// Hostile inputs, generated here: each must be refused fast, with a one-line
/// reason naming the inner file, without crashing or writing anything.
@Suite("EPUB hostile input")
struct EPUBHostileTests {
    /// Writes `files` as an EPUB in a fresh folder, lets `alter` damage it, and
    /// returns the refusal; the folder must hold nothing new afterwards.
    private func refusal(
        of files: [(String, Data)], alter: (URL) throws -> Void = { _ in }
    ) throws -> String? {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let url = try EPUBTestSupport.writeZip(files, to: folder.appendingPathComponent("book.epub"))
        try alter(url)
        let (reason, seconds) = EPUBTestSupport.refusal(url)
        #expect(seconds < 1, "took \(seconds) s")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["book.epub"])
        if let reason { #expect(!reason.contains("\n") && !reason.contains(folder.path), "\(reason)") }
        return reason
    }

    @Test("the generated book itself opens, so each refusal below is the fault's doing")
    func baselineOpens() throws {
        #expect(try refusal(of: EPUBTestSupport.minimalBook()) == nil)
    }

    @Test("zip slip: entries climbing out with .. or absolute are refused")
    func zipSlip() throws {
        let files = EPUBTestSupport.minimalBook() + [("EPUB/xx/xx/evil.xhtml", Data("x".utf8)), ("xetc/passwd", Data("x".utf8))]
        #expect(try refusal(of: files) { try EPUBTestSupport.patch($0, replacing: "EPUB/xx/xx/", with: "EPUB/../../") }
            == "EPUB/../../evil.xhtml: path climbs out of the archive with '..'")
        #expect(try refusal(of: files) { try EPUBTestSupport.patch($0, replacing: "xetc/passwd", with: "/etc/passwd") }
            == "/etc/passwd: absolute path in the archive")
    }

    @Test("duplicate entries are refused")
    func duplicateEntries() throws {
        let files = EPUBTestSupport.minimalBook() + [("EPUB/text/ch3.xhtml", Data("x".utf8))]
        let reason = try refusal(of: files) {
            try EPUBTestSupport.patch($0, replacing: "EPUB/text/ch3.xhtml", with: "EPUB/text/ch2.xhtml")
        }
        #expect(reason == "EPUB/text/ch2.xhtml: appears twice in the archive", "\(reason ?? "opened")")
    }

    @Test("zip bomb: refused from the central directory sizes, before inflating")
    func zipBomb() throws {
        let zeros = Data(count: 20 << 20)
        let files = EPUBTestSupport.minimalBook() + [("EPUB/bomb.xhtml", zeros)]
        let reason = try #require(try refusal(of: files))
        #expect(reason.hasPrefix("EPUB/bomb.xhtml: compression ratio "), "\(reason)")
        #expect(reason.hasSuffix(":1 is beyond the limit of 100:1 (ZIP bomb?)"))

        let huge = try refusal(of: EPUBTestSupport.minimalBook() + [("EPUB/huge.bin", Data(count: 1000))]) {
            try EPUBTestSupport.patchDeclaredSize($0, entry: "EPUB/huge.bin", size: 0xFFFF_0000)
        }
        #expect(huge?.hasPrefix("EPUB/huge.bin: compression ratio") == true, "\(huge ?? "opened")")
    }

    @Test("a header that understates the size cannot make reading inflate more")
    func lyingHeader() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let files = EPUBTestSupport.minimalBook() + [("EPUB/liar.xhtml", Data(repeating: 0x61, count: 1_000_000))]
        let url = try EPUBTestSupport.writeZip(files, to: folder.appendingPathComponent("book.epub"))
        try EPUBTestSupport.patchDeclaredSize(url, entry: "EPUB/liar.xhtml", size: 100)
        let archive = try EPUBArchive(path: url.path)
        let error = #expect(throws: BookError.self) { try archive.data(at: "EPUB/liar.xhtml") }
        #expect(error?.kind == .corrupt)
        #expect(error?.file == "EPUB/liar.xhtml")
        #expect(error?.description == "EPUB/liar.xhtml: holds more bytes than the archive states")
    }

    @Test("too many entries are refused")
    func tooManyEntries() throws {
        let filler = (0...ContainerLimits.maximumEntries).map { ("EPUB/f/\($0)", Data()) }
        #expect(try refusal(of: EPUBTestSupport.minimalBook() + filler)
            == "the archive holds 10007 entries, beyond the limit of 10000")
    }

    @Test("truncated archives, empty files, random bytes and special files are refused")
    func brokenArchives() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestPaths.book("childrens-literature.epub")))
        let truncated = folder.appendingPathComponent("truncated.epub")
        try whole.prefix(whole.count / 2).write(to: truncated)
        #expect(EPUBTestSupport.refusal(truncated).reason == "not a ZIP archive (an EPUB must be a ZIP file or an unpacked folder)")

        var random = SystemRandomNumberGenerator()
        let noise = folder.appendingPathComponent("noise.epub")
        try Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: noise)
        #expect(EPUBTestSupport.refusal(noise).reason == "not a ZIP archive (an EPUB must be a ZIP file or an unpacked folder)")

        let empty = folder.appendingPathComponent("empty.epub")
        try Data().write(to: empty)
        #expect(EPUBTestSupport.refusal(empty).reason == "not a ZIP archive (an EPUB must be a ZIP file or an unpacked folder)")
        #expect(EPUBTestSupport.refusal(URL(fileURLWithPath: "/dev/zero")).reason == "neither a file nor a folder")
        #expect(EPUBTestSupport.refusal(folder.appendingPathComponent("absent.epub")).reason == "no such file or folder")
    }

    @Test("corrupt deflated data is refused when read, naming the entry")
    func corruptData() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let url = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(), to: folder.appendingPathComponent("book.epub"))
        var bytes = [UInt8](try Data(contentsOf: url))
        let name = Array("EPUB/package.opf".utf8)
        let header = try #require((0..<bytes.count - name.count).first { bytes[$0 + 30..<$0 + 30 + name.count].elementsEqual(name) && bytes[$0] == 0x50 })
        for offset in 0..<40 { bytes[header + 30 + name.count + 20 + offset] ^= 0x5A }
        try Data(bytes).write(to: url)
        let reason = try #require(EPUBTestSupport.refusal(url).reason)
        #expect(reason == "EPUB/package.opf: corrupt data in the archive: Zlib error: data error")
    }

    @Test("billion laughs in the package document is refused, not expanded")
    func billionLaughs() throws {
        var dtd = "<!DOCTYPE package [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 { dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n" }
        dtd += "]>\n"
        var files = EPUBTestSupport.minimalBook(packageExtra: dtd)
        let package = String(decoding: files.first { $0.0 == "EPUB/package.opf" }!.1, as: UTF8.self)
            .replacingOccurrences(of: "<dc:title>Generated Book", with: "<dc:title>&lol9;")
        files = EPUBTestSupport.replacing("EPUB/package.opf", with: package, in: files)
        let reason = try #require(try refusal(of: files))
        #expect(reason.hasPrefix("EPUB/package.opf: line "), "\(reason)")
        #expect(reason.hasSuffix("Detected an entity reference loop"))
    }

    @Test("a quadratic entity blow-up is refused by the expansion bound")
    func quadraticBlowup() throws {
        let dtd = "<!DOCTYPE package [\n<!ENTITY big \"\(String(repeating: "x", count: 50_000))\">\n]>\n"
        var files = EPUBTestSupport.minimalBook(packageExtra: dtd)
        let package = String(decoding: files.first { $0.0 == "EPUB/package.opf" }!.1, as: UTF8.self)
            .replacingOccurrences(of: "<dc:title>Generated Book", with: "<dc:title>" + String(repeating: "&big;", count: 50_000))
        files = EPUBTestSupport.replacing("EPUB/package.opf", with: package, in: files)
        #expect(try refusal(of: files)
            == "EPUB/package.opf: entity references expand to more than 1000000 characters (billion laughs?)")
    }

    @Test("external entities are refused; small internal ones are read")
    func externalEntity() throws {
        let external = "<!DOCTYPE package [\n<!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n"
        var files = EPUBTestSupport.minimalBook(packageExtra: external)
        var package = String(decoding: files.first { $0.0 == "EPUB/package.opf" }!.1, as: UTF8.self)
            .replacingOccurrences(of: "<dc:title>Generated Book", with: "<dc:title>&xxe;")
        files = EPUBTestSupport.replacing("EPUB/package.opf", with: package, in: files)
        #expect(try refusal(of: files) == "EPUB/package.opf: declares the external entity 'xxe', which is not allowed")

        let parameter = "<!DOCTYPE package [\n<!ENTITY % p SYSTEM \"http://example.invalid/p.dtd\">\n%p;\n]>\n"
        #expect(try refusal(of: EPUBTestSupport.minimalBook(packageExtra: parameter))
            == "EPUB/package.opf: declares the external entity 'p', which is not allowed")

        let declared = "<!DOCTYPE package [\n<!ENTITY name \"Entity Title\">\n]>\n"
        files = EPUBTestSupport.minimalBook(packageExtra: declared)
        package = String(decoding: files.first { $0.0 == "EPUB/package.opf" }!.1, as: UTF8.self)
            .replacingOccurrences(of: "<dc:title>Generated Book", with: "<dc:title>&name;")
        files = EPUBTestSupport.replacing("EPUB/package.opf", with: package, in: files)
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let url = try EPUBTestSupport.writeZip(files, to: folder.appendingPathComponent("book.epub"))
        #expect(try EPUBArchive(path: url.path).book.metadata.title == "Entity Title")
    }

    @Test("very deep nesting is refused at libxml2's 256 levels")
    func deepNesting() throws {
        let deep = String(repeating: "<div>", count: 5_000) + String(repeating: "</div>", count: 5_000)
        let files = EPUBTestSupport.minimalBook(manifestExtra: deep)
        let reason = try refusal(of: files)
        #expect(reason == "EPUB/package.opf: line 14: Excessive depth in document: 256 use XML_PARSE_HUGE option", "\(reason ?? "opened")")
        let fine = String(repeating: "<div>", count: 200) + String(repeating: "</div>", count: 200)
        #expect(try refusal(of: EPUBTestSupport.minimalBook(manifestExtra: fine)) == nil)
    }

    @Test("malformed XML is named with file and line")
    func malformedXML() throws {
        var files = EPUBTestSupport.minimalBook()
        let package = String(decoding: files.first { $0.0 == "EPUB/package.opf" }!.1, as: UTF8.self)
            .replacingOccurrences(of: "</dc:title>", with: "</dc:titel>")
        files = EPUBTestSupport.replacing("EPUB/package.opf", with: package, in: files)
        #expect(try refusal(of: files) == "EPUB/package.opf: line 5: Opening and ending tag mismatch: title line 5 and titel")
    }

    @Test("a DRM-encrypted chapter refuses the book; encrypted non-spine files only warn")
    func drm() throws {
        let aes = EPUBTestSupport.aes128
        let encryption = EPUBTestSupport.encryptionXML
        let book = EPUBTestSupport.minimalBook(manifestExtra: #"<item id="img" href="img.png" media-type="image/png"/>"#)
            + [("EPUB/img.png", Data(repeating: 7, count: 64))]
        let locked = EPUBTestSupport.replacing("META-INF/encryption.xml", with: encryption("EPUB/text/ch2.xhtml"), in: book)
        #expect(try refusal(of: locked) == "DRM-protected: EPUB/text/ch2.xhtml is encrypted (\(aes))")

        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let partly = EPUBTestSupport.replacing("META-INF/encryption.xml", with: encryption("EPUB/img.png"), in: book)
        let url = try EPUBTestSupport.writeZip(partly, to: folder.appendingPathComponent("book.epub"))
        let archive = try EPUBArchive(path: url.path)
        #expect(archive.warnings.map(\.message) == ["EPUB/img.png: encrypted (\(aes)); it cannot be read"])
    }

    @Test("symbolic links in an unpacked folder are refused")
    func folderSymlink() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        try EPUBTestSupport.writeFolder(EPUBTestSupport.minimalBook(), to: folder)
        #expect(try EPUBArchive(path: folder.path).book.spine.count == 2)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("EPUB/text/leak.xhtml").path, withDestinationPath: "/etc/passwd")
        let (reason, seconds) = EPUBTestSupport.refusal(folder)
        #expect(reason == "EPUB/text/leak.xhtml: symbolic link in the book folder")
        #expect(seconds < 1)
    }

    @Test("symbolic links stored in a ZIP are refused")
    func zipSymlink() throws {
        let folder = try TestPaths.temporaryURL()
        defer { TestPaths.remove(folder) }
        let content = folder.appendingPathComponent("content")
        try EPUBTestSupport.writeFolder(EPUBTestSupport.minimalBook(), to: content)
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("EPUB/leak.xhtml").path, withDestinationPath: "/etc/passwd")
        let url = folder.appendingPathComponent("book.epub")
        try CommandRun.checked("/usr/bin/zip", ["-q", "-X", "-r", "-y", url.path, "mimetype", "META-INF", "EPUB"], in: content.path)
        #expect(EPUBTestSupport.refusal(url).reason == "EPUB/leak.xhtml: symbolic link in the archive")
    }

    @Test("a manifest href escaping the container is an error")
    func escapingHref() throws {
        let files = EPUBTestSupport.minimalBook(manifestExtra: #"<item id="x" href="../../../etc/passwd" media-type="text/plain"/>"#)
        #expect(try refusal(of: files) == "EPUB/package.opf: reference '../../../etc/passwd' points outside the book")
    }

    @Test("a book without any readable spine item or package is refused")
    func nothingToRead() throws {
        let noSpine = EPUBTestSupport.minimalBook().filter { !$0.0.hasPrefix("EPUB/text/") }
        #expect(try refusal(of: noSpine) == "EPUB/package.opf: no readable item in the spine")
        let noPackage = EPUBTestSupport.minimalBook().filter { $0.0 != "EPUB/package.opf" }
        #expect(try refusal(of: noPackage)
            == "META-INF/container.xml: rootfile EPUB/package.opf is not in the book, and the book has no .opf files to choose from")
    }
}
