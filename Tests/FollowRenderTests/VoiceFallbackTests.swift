import Foundation
import Testing
@testable import FollowRender

/// Passages in a language no installed voice speaks are read with the book's
/// voice, and the render says so once, not once per chapter or passage.
@Suite("Reporting languages read with a fallback voice")
struct VoiceFallbackTests {
    @Test("a language without a voice in two chapters gives one warning line for the whole render")
    func reportedOnce() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let passage = "<p>The keeper spoke.</p><p xml:lang=\"zz\">Zorba zanta zu.</p>"
        let files = EPUBTestSupport.replacing("EPUB/text/ch2.xhtml", with: EPUBTestSupport.chapterXHTML(passage),
                                              in: EPUBTestSupport.minimalBook(chapter1: passage))
        let book = try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/zz.epub")).path
        let run = try CommandRun.cli([book, "--out", folder + "/out", "--rate", "4x", "--jobs", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(run.stderr)")
        let manifest = try RenderedBook.manifest(in: folder + "/out")
        #expect(warnings.first == "follow-render: warning: \(book): no installed eSpeak NG voice speaks 'zz'; read with voice '\(manifest.voice)'")
    }
}
