import Foundation
import Testing
@testable import FollowRender

/// Pins what the command line says, and its exit status, for bad books, missing
/// files and usage errors, against `Fixtures/cli-messages.txt`.
///
/// The fixture was recorded before the render pipeline moved into the library, so
/// this proves the move (and any later refactor) changed no message and no exit
/// code. Paths are written relative to placeholders (`<corpus>`, `<fixtures>`,
/// `<tmp>`) and a usage error's trailing help text as `<usage of COMMAND>`.
/// After an intended change, re-record with `FOLLOW_RENDER_BLESS_CLI=1`.
@Suite("The command line's messages and exit codes")
struct CLIMessagesTests {
    static let fixture = TestPaths.fixtures.appendingPathComponent("cli-messages.txt").path

    @Test("bad inputs and usage errors give the recorded messages and exit codes")
    func recordedMessages() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let cases = try Self.cases(tmp: tmp)
        var helps: [String: String] = [:]
        for command in ["render", "inspect", "segment", "locate", "diff", "voices", "presets", "render-chapter", "preview"] {
            helps[command] = try CommandRun.cli([command, "--help"]).stdout
        }
        var transcript = ""
        for command in helps.keys.sorted() {
            transcript += "## help of \(command)\n\(helps[command] ?? "")\n"
        }
        for arguments in cases {
            let run = try CommandRun.cli(arguments, in: tmp)
            var stderr = run.stderr
            for (command, help) in helps where stderr.hasSuffix("\n\n" + help) {
                stderr = String(stderr.dropLast(help.count)) + "<usage of \(command)>\n"
            }
            transcript += "## follow-render \(arguments.joined(separator: " "))\nexit \(run.status)\n"
            transcript += "stderr:\n\(stderr)stdout:\n\(run.stdout)\n"
        }
        transcript = Self.placeholders(transcript, tmp: tmp)
        if ProcessInfo.processInfo.environment["FOLLOW_RENDER_BLESS_CLI"] == "1" {
            try transcript.write(toFile: Self.fixture, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let got = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        let want = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        #expect(transcript == recorded, "first difference at line \(first + 1): got '\(first < got.count ? got[first] : "")', recorded '\(first < want.count ? want[first] : "")'")
    }

    /// The command lines, and the small broken inputs some of them need, made in `tmp`.
    static func cases(tmp: String) throws -> [[String]] {
        let sample = TestPaths.sampleBook
        let notZip = tmp + "/not-a-book.epub"
        try Data("plain text, not a zip".utf8).write(to: URL(fileURLWithPath: notZip))
        let aFile = tmp + "/a-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: aFile))
        let foreign = tmp + "/foreign"
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try Data(#"{"format":"something-else","version":1}"#.utf8).write(to: URL(fileURLWithPath: foreign + "/book.json"))
        let newer = tmp + "/newer.timing.json"
        try Data(#"{"format":"follow-render-timing","version":99}"#.utf8).write(to: URL(fileURLWithPath: newer))
        let badNav = tmp + "/bad-nav"
        try FileManager.default.copyItem(atPath: TestPaths.sampleFolder, toPath: badNav)
        try Data("<html><body><nav>\n</body>".utf8).write(to: URL(fileURLWithPath: badNav + "/OEBPS/nav.xhtml"))
        let badContainer = tmp + "/bad-container"
        try FileManager.default.copyItem(atPath: TestPaths.sampleFolder, toPath: badContainer)
        try Data("<container>\n<rootfiles>".utf8).write(to: URL(fileURLWithPath: badContainer + "/META-INF/container.xml"))
        let out = tmp + "/out"
        var cases: [[String]] = [
            [], ["frobnicate"], ["--bogus"],
            ["inspect"], ["inspect", "--bogus", "x.epub"], ["inspect", "a.epub", "b.epub"], ["inspect", tmp + "/missing.epub"],
            ["inspect", notZip], ["inspect", TestPaths.sampleFolder + "/mimetype"], ["inspect", badNav], ["inspect", badContainer],
            ["segment", "x.epub"], ["segment", "x.epub", "--chapter", "zero"], ["segment", sample, "--chapter", "99"],
            ["segment", sample, "--chapter"],
            ["render"], ["render", tmp + "/missing.epub"], [sample, "--rate", "9x"], [sample, "--rate", "1x", "--wpm", "200"],
            [sample, "--wpm", "5"], [sample, "--format", "aiff"], [sample, "--bitrate", "999"], [sample, "--jobs", "0"],
            [sample, "--granularity", "word"], [sample, "--epub", out + ".txt"], [sample, "--epub", out + ".epub", "--format", "wav"],
            [sample, "--epub", out + ".epub", "--granularity", "line"], [sample, "--sync", "vtt,pdf"], [sample, "--chapters", "abc"],
            [sample, "--chapters", "99", "--out", out], [sample, "--voice", "no-such-voice", "--out", out], [sample, "--out", aFile],
            [notZip, "--out", out], [sample, "--quiet", "--unknown"],
            ["locate"], ["locate", tmp + "/missing"], ["locate", TestPaths.sampleFolder, "--time", "1:2"], ["locate", foreign, "--time", "1:2"],
            ["locate", newer, "--time", "1:2"], ["locate", "x", "--time", "1:2", "--offset", "1:3"], ["locate", "x", "--time", "one"],
            ["locate", TestPaths.fixtures.appendingPathComponent("golden").path], ["locate", TestPaths.fixtures.appendingPathComponent("golden").path, "--time", "9:1"],
            ["locate", TestPaths.fixtures.appendingPathComponent("golden").path, "--offset", "1:999999"],
            ["diff"], ["diff", "a"], ["diff", tmp + "/missing", tmp + "/missing2"], ["diff", TestPaths.fixtures.appendingPathComponent("golden").path, newer],
            ["diff", foreign, foreign], ["diff", "a", "b", "--tolerance-ms", "-1"],
            ["voices", "--lang", "xx-nonexistent"], ["voices", "--lang"], ["presets", "--speed", "9x"], ["presets", "extra"],
            ["render-chapter"], ["render-chapter", "not json"],
            [sample, "--voice", "en+no-such-variant", "--out", out], [sample, "--pitch", "100"], [sample, "--pauses", "breath=1"],
            ["voices", "--variants", "--lang", "en"], ["preview", sample], ["preview", sample, "--out", out + ".aiff"],
        ]
        for book in try TestPaths.corpusFiles("bad") {
            cases.append(["inspect", book])
            cases.append([book, "--strict", "--out", out])
        }
        return cases
    }

    /// `text` with the machine's paths replaced by placeholders.
    static func placeholders(_ text: String, tmp: String) -> String {
        let resolvedTmp = URL(fileURLWithPath: tmp).resolvingSymlinksInPath().path
        return text.replacingOccurrences(of: resolvedTmp, with: "<tmp>")
            .replacingOccurrences(of: tmp, with: "<tmp>")
            .replacingOccurrences(of: TestPaths.corpus.standardizedFileURL.path, with: "<corpus>")
            .replacingOccurrences(of: TestPaths.corpus.path, with: "<corpus>")
            .replacingOccurrences(of: TestPaths.fixtures.path, with: "<fixtures>")
    }
}
