import Foundation
import Testing
@testable import FollowRender

/// The web player's reading controls (issue 28), in Debian's headless Chromium
/// driven by `Tests/Checkers/web-reading-check.py`.
@Suite("Web player reading controls", .serialized)
struct WebReadingControlsTests {
    static let script = TestPaths.packageRoot.appendingPathComponent("Tests/Checkers/web-reading-check.py").path

    struct Report: Decodable {
        struct Check: Decodable {
            var name: String
            var ok: Bool
            var detail: String
        }

        var checks: [Check]
    }

    @Test("in Chromium, text size, spacing, themes, search and the sleep timer work by keyboard, are named and are kept in localStorage")
    func readingControls() throws {
        let render = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--web"])
        let artifacts = try TestPaths.temporaryFolder("reading-artifacts")
        let run = try CommandRun.run("/usr/bin/python3", [Self.script, "--cli", TestPaths.cli, "--folder", render.path,
                                                          "--artifacts", artifacts])
        let report = try #require(try? JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)), "\(run.stderr.suffix(2000))")
        #expect(report.checks.count == 9)
        for check in report.checks {
            #expect(check.ok, "\(check.name): \(check.detail)")
        }
    }
}
