import Foundation
import Testing
@testable import FollowRender

/// The single file encoded while the chapters render (`AudiobookDraft`), against the
/// same book packaged afterwards from the rendered folder.
@Suite("Audiobook encoded while rendering")
struct AudiobookDraftTests {
    @Test("an M4B encoded while its chapters render is byte for byte the M4B packaged after the render, and leaves no temporary file")
    func draftMatchesPackagingAfterwards() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        let folder = try TestPaths.temporaryFolder()
        let first = try CommandRun.cli([book, "--rate", "4x", "--chapters", "2-4", "--out", folder, "--audiobook", folder + "/book.m4b"])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Audiobook: 3 chapters, m4b (encoded while rendering)"), "\(first.stderr)")
        let again = try CommandRun.cli([book, "--rate", "4x", "--chapters", "2-4", "--out", folder, "--audiobook", folder + "/again.m4b"])
        try #require(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("encoded while rendering"), "every chapter was kept, so the packaging ran afterwards")
        let drafted = try Data(contentsOf: URL(fileURLWithPath: folder + "/book.m4b"))
        #expect(drafted == (try Data(contentsOf: URL(fileURLWithPath: folder + "/again.m4b"))))
        let probe = try AudiobookProbe(path: folder + "/book.m4b")
        let render = try RenderedFolder.load(folder, run: again)
        #expect(probe.chapters.map(\.title) == render.manifest.chapters.map(\.title))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("an MP3 or Opus encoded while its chapters render waits for its chapter marks and is byte for byte the file packaged after the render",
          arguments: ["mp3", "opus"])
    func headerFirstFormatsMatchPackagingAfterwards(format: String) throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        let folder = try TestPaths.temporaryFolder()
        let first = try CommandRun.cli([book, "--rate", "4x", "--chapters", "2-4", "--out", folder, "--audiobook", folder + "/book." + format])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Audiobook: 3 chapters, \(format) (encoded while rendering)"), "\(first.stderr)")
        let again = try CommandRun.cli([book, "--rate", "4x", "--chapters", "2-4", "--out", folder, "--audiobook", folder + "/again." + format])
        try #require(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("encoded while rendering"))
        let drafted = try Data(contentsOf: URL(fileURLWithPath: folder + "/book." + format))
        #expect(drafted == (try Data(contentsOf: URL(fileURLWithPath: folder + "/again." + format))))
        let probe = try AudiobookProbe(path: folder + "/book." + format)
        let render = try RenderedFolder.load(folder, run: again)
        #expect(probe.chapters.map(\.title) == render.manifest.chapters.map(\.title))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("a render that keeps chapters from an earlier run packages after the render, and the result is the same")
    func keptChaptersFallBack() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        let folder = try TestPaths.temporaryFolder()
        let earlier = try CommandRun.cli([book, "--rate", "4x", "--chapters", "2", "--out", folder, "--quiet"])
        try #require(earlier.status == 0, "\(earlier.stderr)")
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "3", "--out", folder, "--audiobook", folder + "/book.m4b"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("encoded while rendering"), "chapter 2 was kept, so the draft was not used: \(run.stderr)")
        let render = try RenderedFolder.load(folder, run: run)
        #expect(render.manifest.chapters.map(\.index) == [2, 3])
        #expect(try AudiobookProbe(path: folder + "/book.m4b").chapters.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
    }
}
