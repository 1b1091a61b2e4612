import Foundation
import Testing
@testable import FollowRender

/// The single file made while its chapters render (the workers encode each
/// chapter's part from PCM; the parent muxes the parts), against the same book
/// packaged afterwards from the parts a rerun keeps.
///
/// The book is three short chapters of the preface of `accessible_epub_3.epub`
/// (6–8, 2,759 characters, each file one table-of-contents entry titled as
/// the chapter), so what is spoken is about a tenth of Alice's chapters 2–4,
/// which these tests rendered until issue 25's third round.
@Suite("Audiobook encoded while rendering")
struct AudiobookDraftTests {
    static let book = TestPaths.book("accessible_epub_3.epub")
    /// Three chapters, each its own file and its own entry.
    static let chapters = "6-8"

    /// The hidden files a render leaves in its folder: the chapters' parts of the single file, never a temporary file.
    static func hiddenFiles(in folder: String, render: RenderedFolder) throws -> (parts: Int, others: [String]) {
        let stems = render.manifest.chapters.map { OutputNaming.stem(index: $0.index, title: $0.title) }
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        let parts = hidden.filter { name in stems.contains { SingleFileParts.isPart(name, stem: $0) } }
        return (parts.count, hidden.filter { !parts.contains($0) })
    }

    @Test("an M4B encoded while its chapters render is byte for byte the M4B packaged after the render from the kept parts, and leaves no temporary file")
    func draftMatchesPackagingAfterwards() throws {
        let book = Self.book
        let folder = try TestPaths.temporaryFolder()
        let first = try CommandRun.cli([book, "--rate", "4x", "--chapters", Self.chapters, "--out", folder, "--audiobook", folder + "/book.m4b"])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Audiobook: 3 chapters, m4b (encoded while rendering)"), "\(first.stderr)")
        let again = try CommandRun.cli([book, "--rate", "4x", "--chapters", Self.chapters, "--out", folder, "--audiobook", folder + "/again.m4b"])
        try #require(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("encoded while rendering"), "every chapter and its part was kept, so only the muxing ran")
        #expect(again.stderr.contains("Kept 3 chapters"), "\(again.stderr)")
        let drafted = try Data(contentsOf: URL(fileURLWithPath: folder + "/book.m4b"))
        #expect(drafted == (try Data(contentsOf: URL(fileURLWithPath: folder + "/again.m4b"))))
        let probe = try AudiobookProbe(path: folder + "/book.m4b")
        let render = try RenderedFolder.load(folder, run: again)
        #expect(probe.chapters.map(\.title) == render.manifest.chapters.map(\.title))
        let hidden = try Self.hiddenFiles(in: folder, render: render)
        #expect(hidden.parts == 3 && hidden.others.isEmpty, "\(hidden)")
    }

    @Test("an MP3 or Opus made while its chapters render is byte for byte the file packaged after the render",
          arguments: ["mp3", "opus"])
    func headerFirstFormatsMatchPackagingAfterwards(format: String) throws {
        let book = Self.book
        let folder = try TestPaths.temporaryFolder()
        let first = try CommandRun.cli([book, "--rate", "4x", "--chapters", Self.chapters, "--out", folder, "--audiobook", folder + "/book." + format])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Audiobook: 3 chapters, \(format) (encoded while rendering)"), "\(first.stderr)")
        let again = try CommandRun.cli([book, "--rate", "4x", "--chapters", Self.chapters, "--out", folder, "--audiobook", folder + "/again." + format])
        try #require(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("encoded while rendering"))
        let drafted = try Data(contentsOf: URL(fileURLWithPath: folder + "/book." + format))
        #expect(drafted == (try Data(contentsOf: URL(fileURLWithPath: folder + "/again." + format))))
        let probe = try AudiobookProbe(path: folder + "/book." + format)
        let render = try RenderedFolder.load(folder, run: again)
        #expect(probe.chapters.map(\.title) == render.manifest.chapters.map(\.title))
        let hidden = try Self.hiddenFiles(in: folder, render: render)
        // MP3 chapters are the single MP3's parts themselves.
        #expect(hidden.parts == (format == "mp3" ? 0 : 3) && hidden.others.isEmpty, "\(hidden)")
    }

    @Test("a chapter an earlier render left without a part of the single file is spoken again for it, selected or not, with the same chapter files")
    func keptChaptersWithoutParts() throws {
        let book = Self.book
        let folder = try TestPaths.temporaryFolder()
        let earlier = try CommandRun.cli([book, "--rate", "4x", "--chapters", "6", "--out", folder, "--quiet"])
        try #require(earlier.status == 0, "\(earlier.stderr)")
        let chapter = try RenderedFolder.load(folder, run: earlier).manifest.chapters[0]
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + chapter.audioFile))
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "7", "--out", folder, "--audiobook", folder + "/book.m4b"])
        try #require(run.status == 0, "\(run.stderr)")
        let render = try RenderedFolder.load(folder, run: run)
        #expect(render.manifest.chapters.map(\.index) == [6, 7])
        #expect(render.manifest.chapters[0].key == chapter.key)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + chapter.audioFile)) == before, "the chapter's MP3 is the same")
        #expect(try AudiobookProbe(path: folder + "/book.m4b").chapters.count == 2)
        let hidden = try Self.hiddenFiles(in: folder, render: render)
        #expect(hidden.parts == 2 && hidden.others.isEmpty, "\(hidden)")
    }
}
