import Foundation
import Testing
@testable import FollowRender

/// A batch takes every render option a single render takes, and each book's
/// outputs (read-aloud EPUB, audiobook, library folder, web player, exports,
/// lexicons, input options) are the single render's, byte for byte.
@Suite("Batch outputs equal single renders", .serialized)
struct BatchOutputsTests {
    static let books = [TestPaths.sampleBook, TestPaths.book("hefty-water.epub"),
                        TestPaths.fixtures.appendingPathComponent("inputs/features.md").path]
    /// Options both runs share; `dcterms:modified` is pinned so the EPUBs can be compared.
    static let shared = ["--rate", "4x", "--jobs", "2", "--quiet", "--granularity", "word", "--web", "--sync", "vtt,guided",
                         "--matter", "body", "--read-code",
                         "--lexicon", TestPaths.fixtures.appendingPathComponent("user-lexicon.tsv").path]
    static let environment = ["SOURCE_DATE_EPOCH": "1767225600"]

    @Test("a batch with --epub, --audiobook, --library, --web, --sync and --lexicon writes each book as its single render does")
    func outputsMatchSingleRenders() throws {
        let fixture = try BatchFixture(books: Self.books, withBroken: false)
        let root = fixture.folder + "/batch", library = fixture.folder + "/batch-library"
        let batch = try CommandRun.cli(["batch", fixture.list, "--out-root", root, "--epub", "read-aloud.epub",
                                        "--audiobook", "book.m4b", "--library", library] + Self.shared,
                                       environment: Self.environment)
        #expect(batch.status == 0, "\(batch.stderr)")
        let report = try BatchFixture.report(root)
        #expect(report.succeeded == Self.books.count)
        let singles = fixture.folder + "/single", singleLibrary = fixture.folder + "/single-library"
        for outcome in report.books {
            let folder = singles + "/" + outcome.slug
            let alone = try CommandRun.cli([outcome.path, "--out", folder, "--epub", folder + "/read-aloud.epub",
                                            "--audiobook", folder + "/book.m4b", "--library", singleLibrary] + Self.shared,
                                           environment: Self.environment)
            #expect(alone.status == 0, "\(alone.stderr)")
            let batched = try BatchFixture.contents(of: root + "/" + outcome.slug)
            for name in ["read-aloud.epub", "book.m4b", "book.cue", "index.html", "book.json"] {
                #expect(batched[name] != nil, "\(outcome.slug) has no \(name)")
            }
            #expect(batched.keys.contains { $0.hasSuffix(".vtt") } && batched.keys.contains { $0.hasSuffix(".guided.json") })
            #expect(batched == (try BatchFixture.contents(of: folder)), "\(outcome.slug) differs from its single render")
        }
        let shelf = try BatchFixture.contents(of: library)
        #expect(shelf.keys.filter { $0.hasSuffix("/metadata.json") }.count == Self.books.count)
        #expect(shelf == (try BatchFixture.contents(of: singleLibrary)), "the batch's library differs from the single renders'")
    }

    @Test("--epub and --audiobook in a batch take a file name, not a path")
    func outputNamesAreFileNames() throws {
        let fixture = try BatchFixture(books: [TestPaths.sampleBook], withBroken: false)
        for arguments in [["--epub", "../escape.epub"], ["--audiobook", "/tmp/book.m4b"], ["--audiobook", "book.wav"],
                          ["--granularity", "word"]] {
            let run = try fixture.batch(root: fixture.folder + "/out", arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder + "/out"))
    }

    @Test("--tracks NAME in a batch writes each book's tracks into DIR/<slug>/NAME/, as the single render with --tracks there does; a path, or no MP3 audio, is a usage error")
    func tracksPerBook() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tales = try NavigationBook.write(NavigationBook.tales, in: folder, name: "tales.epub")
        let fixture = try BatchFixture(books: [TestPaths.book("hefty-water.epub"), tales], withBroken: false)
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let options = ["--rate", "4x", "--jobs", "2", "--quiet", "--tracks-depth", "2"]
        let root = fixture.folder + "/batch"
        let batch = try CommandRun.cli(["batch", fixture.list, "--out-root", root, "--tracks", "tracks"] + options)
        #expect(batch.status == 0, "\(batch.stderr)")
        let report = try BatchFixture.report(root)
        #expect(report.succeeded == 2)
        for outcome in report.books {
            let single = fixture.folder + "/single/" + outcome.slug
            let alone = try CommandRun.cli([outcome.path, "--out", single, "--tracks", single + "/tracks"] + options)
            #expect(alone.status == 0, "\(alone.stderr)")
            let batched = try BatchFixture.contents(of: root + "/" + outcome.slug)
            let tracks = batched.keys.filter { $0.hasPrefix("tracks/") && $0.hasSuffix(".mp3") }
            let playlists = batched.keys.filter { $0.hasPrefix("tracks/") && $0.hasSuffix(".m3u8") }
            // hefty-water's four entries at depth 2; the tales' title page, part, its two tales and the owl.
            #expect(tracks.count == (outcome.slug == "tales" ? 5 : 4) && playlists.count == 1, "\(outcome.slug): \(batched.keys.sorted())")
            #expect(batched == (try BatchFixture.contents(of: single)), "\(outcome.slug) differs from its single render")
        }
        for arguments in [["--tracks", "../tracks"], ["--tracks", "/tmp/tracks"], ["--tracks-depth", "2"],
                          ["--tracks", "tracks", "--format", "wav"], ["--tracks", "tracks", "--tracks-depth", "9"]] {
            let run = try fixture.batch(root: fixture.folder + "/refused", arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder + "/refused"))
    }
}
