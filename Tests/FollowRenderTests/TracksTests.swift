import Foundation
import Testing
@testable import FollowRender

/// `--tracks DIR`: one MP3 per table-of-contents entry, cut from the chapters'
/// frames without re-encoding, read back by ffmpeg, ffprobe and mutagen
/// (`Tests/Checkers/tracks-check.py`) and compared, decoded, with the single MP3.
@Suite("Tracks: an MP3 per table-of-contents entry", .serialized)
struct TracksTests {
    static let checker = TestPaths.checker("tracks-check.py")
    /// A 1×1 PNG, the tales' cover.
    static let cover = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    /// The tales (a title page, then three tales in one file, two of them in a part), with a cover.
    private func tales(in folder: String) throws -> String {
        var files = NavigationBook.tales
        let package = try #require(files.first { $0.0 == "EPUB/package.opf" })
        let text = String(decoding: package.1, as: UTF8.self).replacingOccurrences(
            of: "</manifest>", with: "<item id=\"cover\" href=\"cover.png\" media-type=\"image/png\" properties=\"cover-image\"/></manifest>")
        files = EPUBTestSupport.replacing("EPUB/package.opf", with: text, in: files) + [("EPUB/cover.png", Self.cover)]
        return try NavigationBook.write(files, in: folder, name: "tales.epub")
    }

    /// The checker's report on `tracks` against `single`; fails the test on a track that does not decode or a wrong playlist.
    private func check(_ tracks: String, single: String) throws -> [String: Any] {
        let run = try CommandRun.run("/usr/bin/python3", [Self.checker, "--tracks", tracks, "--single", single])
        let report = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any], "\(run.stderr)")
        #expect(run.status == 0, "\(report["problems"] ?? run.stderr)")
        return report
    }

    /// Checks that the tracks are `titles`, tagged, listed in order, and that played in order they are the single
    /// file's audio (within one MP3 frame of each cut), cut in the pause before each track's first word.
    private func expectTracks(_ report: [String: Any], titles: [String], render: RenderedFolder) throws {
        let count = titles.count
        let names = titles.enumerated().map { String(format: "%03d - ", $0 + 1) + $1 + ".mp3" }
        #expect(report["listed"] as? [String] == names)
        #expect(report["extinf"] as? [String] == titles)
        let tracks = try #require(report["tracks"] as? [[String: Any]])
        for (number, track) in tracks.enumerated() {
            let tags = try #require(track["tags"] as? [String: Any])
            #expect(tags["title"] as? String == titles[number])
            #expect(tags["album"] as? String == "Three Tales")
            #expect(tags["track"] as? String == "\(number + 1)/\(count)")
            #expect(tags["cover"] as? Bool == true)
            #expect(tags["chapters"] as? Int == 0)
            #expect((track["duration"] as? Double ?? 0) > 0.2)
        }
        let cuts = try #require(report["cuts"] as? [Int])
        #expect(cuts.count == count - 1)
        let frame = 576
        let single = try #require(report["single_samples"] as? Int)
        let joined = try #require(report["joined_samples"] as? Int)
        #expect(abs(single - joined) <= frame * cuts.count, "joined \(joined) samples against \(single)")
        #expect(report["max_difference_elsewhere"] as? Int == 0, "the tracks in order are the single file's samples, away from the cuts")
        // Each cut is in a pause: no word is spoken across it, and the track's first word comes after it.
        let audiobook = try #require(render.manifest.audiobook)
        var words: [(begin: Double, end: Double)] = []
        for (timing, span) in zip(render.timings, audiobook.chapters) {
            words += timing.sentences.flatMap(\.words).map { (span.start.value + $0.begin.value, span.start.value + $0.end.value) }
        }
        for cut in cuts.map({ Double($0) / 22050 }) {
            let spoken = words.first { $0.begin < cut - 0.001 && cut + 0.001 < $0.end }
            #expect(spoken == nil, "the cut at \(cut) s falls inside a word \(String(describing: spoken))")
        }
    }

    @Test("the tales' top-level entries are three tracks cut from the chapter MP3s: each decodes, is tagged (title, album, n/N, cover), listed in order, and in order they are the single MP3's audio")
    func topLevelFromChapterMP3s() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tracks = folder + "/tracks"
        let render = try RenderedFolder.render(try tales(in: folder), ["--rate", "4x", "--tracks", tracks], audiobook: "tales.mp3")
        defer { try? FileManager.default.removeItem(atPath: render.path) }
        let report = try check(tracks, single: render.file("tales.mp3"))
        try expectTracks(report, titles: ["Three Tales", "Part One", "The Owl"], render: render)
        // Part One begins the tales' file: its cut is that file's stream boundary (the first chapter's frames end there).
        let first = try #require(render.manifest.audiobook?.chapters.first)
        let cut = try #require((report["cuts"] as? [Int])?.first)
        #expect(Double(cut) / 22050 <= first.end.value + 0.001 && Double(cut) / 22050 >= first.end.value - 0.06)
        // The toc's time of each top-level entry is after its track's start.
        let starts = (report["cuts"] as? [Int] ?? []).map { Double($0) / 22050 }
        let times = try #require(render.manifest.toc).compactMap(\.time).map(\.value)
        #expect(zip(starts, times).allSatisfy { $0 <= $1 + 0.0005 }, "\(starts) \(times)")
    }

    @Test("--tracks-depth 2 cuts inside a file at every entry, from an --audiobook .mp3's parts with --format none; a rerun at depth 1 replaces them and removes the tracks it no longer has")
    func nestedFromPartsThenRerun() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tracks = folder + "/tracks"
        let book = try tales(in: folder)
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--format", "none", "--tracks", tracks, "--tracks-depth", "2"],
                                               audiobook: "tales.mp3")
        defer { try? FileManager.default.removeItem(atPath: render.path) }
        let report = try check(tracks, single: render.file("tales.mp3"))
        try expectTracks(report, titles: ["Three Tales", "Part One", "The Fox", "The Crow", "The Owl"], render: render)

        let again = try CommandRun.cli([book, "--out", render.path, "--rate", "4x", "--format", "none", "--quiet",
                                        "--audiobook", render.file("tales.mp3"), "--tracks", tracks])
        #expect(again.status == 0, "\(again.stderr)")
        let rerun = try check(tracks, single: render.file("tales.mp3"))
        try expectTracks(rerun, titles: ["Three Tales", "Part One", "The Owl"], render: render)
        let names = try FileManager.default.contentsOfDirectory(atPath: tracks).sorted()
        #expect(names == [".follow-render", "001 - Three Tales.mp3", "002 - Part One.mp3", "003 - The Owl.mp3", "Three Tales.m3u8"])

        // A FIFO where a track goes: refused in one line, and nothing is replaced or left half-written.
        let owl = tracks + "/003 - The Owl.mp3"
        let before = try Data(contentsOf: URL(fileURLWithPath: tracks + "/001 - Three Tales.mp3"))
        try FileManager.default.removeItem(atPath: owl)
        #expect(mkfifo(owl, 0o644) == 0)
        let refused = try CommandRun.cli([book, "--out", render.path, "--rate", "4x", "--format", "none", "--quiet",
                                          "--audiobook", render.file("tales.mp3"), "--tracks", tracks])
        #expect(refused.status == 1 && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("003 - The Owl.mp3"), "\(refused.stderr)")
        #expect(isFIFO(owl), "the FIFO is left as it is")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tracks + "/001 - Three Tales.mp3")) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: tracks).sorted()
        #expect(left == names, "no new track and no temporary file: \(left)")
    }

    private func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    @Test("--tracks naming a file, a FIFO, a folder of the user's, the output folder, a folder holding the audiobook, a path through a file or a folder inside the unpacked book is refused before any work, and left as it is")
    func unsafeFolders() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let file = folder + "/notes.txt"
        try "my notes\n".write(toFile: file, atomically: true, encoding: .utf8)
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let music = folder + "/music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        try "song\n".write(toFile: music + "/01 song.mp3", atomically: true, encoding: .utf8)
        let unpacked = folder + "/unpacked"
        try EPUBTestSupport.writeFolder(NavigationBook.tales, to: URL(fileURLWithPath: unpacked))
        let book = TestPaths.sampleBook
        let cases: [(book: String, tracks: String, audiobook: String?, kind: OutputSafetyError.Kind)] = [
            (book, file, nil, .notAFolder),
            (book, fifo, nil, .notAFolder),
            (book, music, nil, .foreignFolder),
            (book, out, nil, .collision),
            (book, folder + "/shelf", folder + "/shelf/book.mp3", .collision),
            (book, file + "/tracks", nil, .notAFolder),
            (unpacked, unpacked + "/tracks", nil, .insideInput),
        ]
        for item in cases {
            let single = item.audiobook.map { ["--audiobook", $0] } ?? []
            let run = try CommandRun.cli([item.book, "--out", out, "--rate", "4x", "--tracks", item.tracks] + single)
            let lines = run.stderr.split(separator: "\n")
            #expect(run.status == 1 && lines.count == 1 && lines[0].hasPrefix("follow-render: "), "\(item.tracks): \(run.stderr)")
            var settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686)
            settings.format = .mp3
            let options = BookRenderOptions(bookPath: item.book, settings: settings, folder: .path(out),
                                        audiobook: item.audiobook.map { .init(path: $0, library: nil) },
                                        tracks: .init(folder: item.tracks), workerExecutable: TestPaths.cli)
            let failure = #expect(throws: OutputSafetyError.self) { try BookRenderJob(options: options).run { _ in } }
            #expect(failure?.kind == item.kind, "\(item.tracks): \(failure?.reason ?? "")")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "my notes\n")
        #expect(isFIFO(fifo))
        #expect(try FileManager.default.contentsOfDirectory(atPath: music) == ["01 song.mp3"])
        #expect(!FileManager.default.fileExists(atPath: out + "/book.json"), "nothing was rendered")
        #expect(!FileManager.default.fileExists(atPath: unpacked + "/tracks"))
    }

    @Test("--tracks-depth out of range or without --tracks, and --tracks without MP3 audio or below 56 kbps, are usage errors of one line")
    func usageErrors() throws {
        let book = TestPaths.sampleBook
        let cases: [([String], String)] = [
            (["--tracks", "t", "--tracks-depth", "0"], "--tracks-depth takes a table-of-contents level from 1 (the top) to 8, not '0'"),
            (["--tracks", "t", "--tracks-depth", "two"], "--tracks-depth takes a table-of-contents level from 1 (the top) to 8, not 'two'"),
            (["--tracks", "t", "--tracks-depth", "9"], "--tracks-depth takes a table-of-contents level from 1 (the top) to 8, not '9'"),
            (["--tracks-depth", "2"], "--tracks-depth needs --tracks"),
            (["--format", "wav", "--tracks", "t"], "--tracks cuts MP3 audio: it needs --format mp3 (the default) or --audiobook PATH.mp3, not --format wav"),
            (["--bitrate", "32", "--tracks", "t"], "--tracks needs --bitrate 56 or more (room for the gapless info tag), not 32"),
            (["--format", "none", "--audiobook", "b.m4b", "--tracks", "t"],
             "--tracks cuts MP3 audio: it needs --format mp3 (the default) or --audiobook PATH.mp3, not --format none"),
        ]
        for (arguments, message) in cases {
            let run = try CommandRun.cli([book] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.split(separator: "\n").first == Substring("follow-render render: " + message), "\(run.stderr)")
        }
    }

    @Test("the cut is a chapter's start when one is in the pause, else the frame boundary nearest the pause's middle; a pause shorter than a frame cuts before the first word; marks within one frame share a track")
    func cutChoice() {
        let mark = { (start: Int64, title: String) in ChapterMarks.Mark(start: start, end: start, title: title) }
        // Frames of 576 samples, the decoder dropping 1,105 at the start: the boundary before frame f is at 576 f - 1105.
        let plan = TrackPlan(marks: [mark(0, "A"), mark(20_000, "B"), mark(40_000, "C"), mark(40_100, "D"), mark(60_000, "E")],
                             wordEnds: [10_000, 25_000, 39_900, 50_000], streamStarts: [0, 30],
                             frames: 200, samplesPerFrame: 576, lead: 1105, fileEnd: 113_495)
        let cuts = plan.tracks.map(\.firstFrame)
        // B: pause 10,000–20,000 holds the stream start at frame 30 (16,175).
        // C: pause 39,900–40,000 holds no boundary: the last before 40,000 is frame 71 (39,791).
        // D: its boundary would be frame 71 again: D joins C's track.
        // E: pause 50,000–60,000, middle 55,000: frame 97 (54,767).
        #expect(cuts == [0, 30, 71, 97])
        #expect(plan.tracks.map(\.title) == ["A", "B", "C: D", "E"])
        let starts: [Int64] = [0, 16_175, 39_791, 54_767]
        #expect(plan.tracks.map(\.start) == starts)
        let end: Int64 = 200 * 576 - 1105 - 600
        #expect(plan.tracks.last?.end == end && plan.tracks.last?.endFrame == 200)
        #expect(zip(plan.tracks, plan.tracks.dropFirst()).allSatisfy { $0.endFrame == $1.firstFrame && $0.end == $1.start })
    }
}
