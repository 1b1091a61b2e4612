import Foundation
import Testing
@testable import FollowRender

/// What the outputs copy and declare (issue 23, classes 6 and 7): a cover too
/// large to embed in every chapter is left out of the chapter tags with one
/// warning, and the read-aloud EPUB carries the accessibility metadata of a
/// book with synchronized narration, the book's own kept, valid for EPUBCheck.
@Suite("Covers within bounds, accessibility metadata", .serialized)
struct CoverAndAccessibilityTests {
    /// A real JPEG (trees.epub's cover) made `extra` bytes larger by comment
    /// segments, which every decoder skips.
    static func cover(padding extra: Int) throws -> Data {
        let archive = try EPUBArchive(path: TestPaths.book("trees.epub"))
        let original = try archive.data(at: "EPUB/cover.jpg")
        var padded = Data(original.prefix(2))
        var left = extra
        while left > 0 {
            let length = min(left, 65533)
            padded += Data([0xFF, 0xFE, UInt8((length + 2) >> 8), UInt8((length + 2) & 0xFF)]) + Data(repeating: 0x20, count: length)
            left -= length
        }
        return padded + original.dropFirst(2)
    }

    @Test("a 3 MB cover is left out of every chapter's tags with one warning; a small one is embedded")
    func largeCover() throws {
        let folder = try TestPaths.temporaryFolder()
        let book = folder + "/book.txt"
        try "Title\n\nChapter 1\n\nThe first words.\n\nChapter 2\n\nThe second words.\n".write(toFile: book, atomically: true, encoding: .utf8)
        for (name, extra) in [("small", 0), ("large", 3 << 20)] {
            let cover = folder + "/\(name).jpg"
            try Self.cover(padding: extra).write(to: URL(fileURLWithPath: cover))
            let run = try CommandRun.cli([book, "--out", folder + "/" + name, "--rate", "4x", "--cover", cover, "--quiet"])
            #expect(run.status == 0, "\(run.stderr)")
            let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning") }
            #expect(warnings.count == (extra > 0 ? 1 : 0), "\(run.stderr)")
            let render = try RenderedFolder.load(folder + "/" + name, run: run)
            #expect(render.manifest.chapters.count >= 2)
            for chapter in render.manifest.chapters {
                let tags = try DecodedAudio.probeTags(render.file(chapter.audioFile))
                #expect(tags.cover == (extra == 0), "\(name): \(chapter.audioFile)")
                let size = try FileManager.default.attributesOfItem(atPath: render.file(chapter.audioFile))[.size] as? Int ?? 0
                #expect(size < 1 << 20, "\(name): \(chapter.audio) is \(size) bytes")
            }
        }
        #expect(AudioTags.coverWarning(size: 3 << 20, audiobook: false)?.kind == .coverTooLarge)
        #expect(AudioTags.coverWarning(size: 100 << 10, audiobook: true) == nil)
    }

    /// The values of `property` in the package document of the EPUB at `path`.
    static func metas(_ property: String, in path: String) throws -> [String] {
        let archive = try EPUBArchive(path: path)
        let package = String(decoding: try archive.data(at: archive.book.packagePath), as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: "<meta property=\"\(NSRegularExpression.escapedPattern(for: property))\">([^<]*)</meta>")
        return pattern.matches(in: package, range: NSRange(package.startIndex..., in: package)).compactMap { match in
            Range(match.range(at: 1), in: package).map { String(package[$0]) }
        }
    }

    @Test("the read-aloud EPUB declares auditory access, synchronized audio and text and a summary line, keeping the book's own; EPUBCheck passes",
          arguments: [("accessible_epub_3.epub", ["--chapters", "7-8"]), ("alice-in-wonderland-epub2.epub", [])])
    func accessibilityMetadata(book: String, selection: [String]) throws {
        let epub: String
        if SharedRender.wholeBooks.contains(book) {
            // Alice whole: the read-aloud EPUB of the whole render at 4x that other suites share (until issue 25's
            // third round, a render of its chapter 2; the package metadata does not depend on the chapters).
            epub = try SharedRender.wholeBook(book).epub
        } else {
            epub = try TestPaths.temporaryFolder() + "/read-aloud.epub"
            _ = try RenderedFolder.render(TestPaths.book(book), ["--rate", "4x", "--epub", epub] + selection)
        }
        let modes = try Self.metas("schema:accessMode", in: epub)
        #expect(modes.contains("auditory") && modes.contains("textual"), "\(modes)")
        #expect(try Self.metas("schema:accessibilityFeature", in: epub).contains("synchronizedAudioText"))
        let sufficient = try Self.metas("schema:accessModeSufficient", in: epub)
        #expect(sufficient.contains("auditory") && sufficient.contains { $0.split(separator: ",").map(String.init) == ["textual"] }, "\(sufficient)")
        let summaries = try Self.metas("schema:accessibilitySummary", in: epub)
        #expect(summaries.count == 1 && summaries[0].hasSuffix(AccessibilityMetadata.summaryLine), "\(summaries)")
        if book == "accessible_epub_3.epub" {
            #expect(modes.contains("visual"), "the book's own modes are kept")
            #expect(summaries[0].hasPrefix("This EPUB Publication meets the requirements"), "the book's summary comes first")
            #expect(try Self.metas("schema:accessibilityFeature", in: epub).contains("alternativeText"))
            #expect(modes.filter { $0 == "textual" }.count == 1, "a declared value is not repeated")
        }
        // (OverlayTests runs EPUBCheck on the EPUB 2 book's read-aloud EPUB, which carries the same metadata.)
        if book == "accessible_epub_3.epub" {
            #expect(try EPUBCheckRun.messages(epub).filter(\.isError) == [])
        }
    }
}
