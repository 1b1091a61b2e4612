import Foundation
import Testing
@testable import FollowRender

/// `--audiobook` and `--library`, on real corpus books rendered at 4x by the
/// real CLI, checked by independent readers: ffprobe, ffmpeg's decoder and
/// Python mutagen.
@Suite("Single-file audiobooks", .serialized)
struct AudiobookTests {
    /// Samples per frame: AAC 1,024, MP3 576 (MPEG-2), Opus at most 960 of 48 kHz (20 ms).
    static let frameSeconds: [String: Double] = ["m4b": 1024 / 22050, "mp3": 576 / 22050, "opus": 0.020]

    @Test("an EPUB 2 book's M4B, MP3 and Opus list every table-of-contents entry where its first word begins, and sentences sound where the sidecars say")
    func epub2Formats() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        // The first run renders the chapters with their AAC parts: the whole render at 4x with its M4B that
        // OverlayTests and SweepTests share, copied (without the files only they need: the read-aloud EPUB and the
        // sweep's marker) into a folder of this test's own for the next runs. The MP3 is joined from the chapter
        // MP3s (every chapter kept); the Opus needs its parts, so its run speaks the chapters again.
        let whole = try SharedRender.wholeBook("alice-in-wonderland-epub2.epub")
        #expect(SharedRender.wholeBookAudiobooks["alice-in-wonderland-epub2.epub"] == "book.m4b")
        let folder = try TestPaths.temporaryFolder() + "/render"
        try FileManager.default.copyItem(atPath: whole.render.path, toPath: folder)
        try FileManager.default.removeItem(atPath: folder + "/marker")
        try FileManager.default.removeItem(atPath: folder + "/book.epub")
        var lengths: [Double] = []
        var last: RenderedFolder?
        for format in ["m4b", "mp3", "opus"] {
            let file = folder + "/book.\(format)"
            let run = format == "m4b" ? whole.render.run
                : try CommandRun.cli([book, "--rate", "4x", "--out", folder, "--quiet", "--audiobook", file])
            try #require(run.status == 0, "\(run.stderr)")
            let rendered = try RenderedFolder.load(folder, run: run)
            try #require(rendered.manifest.chapters.count >= 10)
            if lengths.isEmpty {
                lengths = try DecodedAudio.all(rendered.manifest.chapters.map { rendered.file($0.audioFile) }).map(\.duration)
            }
            last = rendered
            let probe = try AudiobookProbe(path: file)
            // A mark per table-of-contents entry at its first word; the title page's audio under the book's title.
            let marks = TOCMarks.expected(rendered.manifest, marks: probe.chapters.count)
            #expect(probe.chapters.map(\.title) == marks.map(\.title), "\(format)")
            let entry = try #require(rendered.manifest.audiobook)
            #expect(entry.format.rawValue == format && entry.file == "book.\(format)")
            for (chapter, mark) in zip(probe.chapters, marks) {
                #expect(abs(chapter.start - mark.start) <= Self.frameSeconds[format]!, "\(format) \(chapter.title)")
            }
            let split = Set(zip(rendered.manifest.chapters, rendered.timings)
                .filter { $0.1.text.utf16.count >= SlicePlan.splitUnits }.map(\.0.index))
            SingleFileSpans.check(entry, lengths: lengths, format: format, split: split)
            let errors = try onsetErrors(file, entry: entry, timings: rendered.timings)
            let median = errors.flatMap { $0 }.sorted()[errors.flatMap { $0 }.count / 2]
            #expect(median <= 0.020, "\(format): median onset error \(median)")
            let first = try #require(errors.first { !$0.isEmpty }), last = try #require(errors.last { !$0.isEmpty })
            let drift = abs(first.sorted()[first.count / 2] - last.sorted()[last.count / 2])
            #expect(drift <= 0.010, "\(format): first and last chapters' median errors differ by \(drift)")
        }
        let render = try #require(last)
        let cue = try String(contentsOfFile: render.file("book.cue"), encoding: .utf8)
        #expect(cue.components(separatedBy: "INDEX 01").count - 1 == render.manifest.chapters.count)
        #expect(cue.contains("FILE \"book.opus\""))
    }

    @Test("locate takes a time in the single file and answers with the chapter, the word and both times")
    func locateSingleFileTime() throws {
        // Two short chapters (the preface's 6 and 7, 13 and 9 sentences): Alice's 2 and 3 until issue 25's third round.
        let book = TestPaths.book("accessible_epub_3.epub")
        let folder = try TestPaths.temporaryFolder()
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", "6-7", "--out", folder, "--quiet", "--audiobook", folder + "/book.mp3"])
        try #require(run.status == 0, "\(run.stderr)")
        let render = try RenderedFolder.load(folder, run: run)
        let entry = try #require(render.manifest.audiobook)
        #expect(try SchemaCheck.folderViolations(folder).isEmpty, "book.json with its audiobook object matches docs/book.schema.json")
        let sentence = render.timings[1].sentences[3]
        let time = entry.chapters[1].start.value + sentence.begin.value + 0.001
        let clock = String(format: "0:%02d:%06.3f", Int(time) / 60, time.truncatingRemainder(dividingBy: 60))
        let answer = try CommandRun.cli(["locate", folder, "--time", clock])
        try #require(answer.status == 0, "\(answer.stderr)")
        let position = try JSONCoding.decode(BookPosition.self, from: Data(answer.stdout.utf8))
        #expect(position.chapter.index == 7)
        #expect(position.sentence.index == 3)
        #expect(position.audiobook?.file == "book.mp3")
        #expect(abs((position.audiobook?.time.value ?? 0) - (entry.chapters[1].start.value + sentence.begin.value)) <= 0.0015)
        let before = try CommandRun.cli(["locate", folder, "--time", "99:00:00"])
        #expect(before.status == 1 && before.stderr.contains("outside the audiobook"))
    }

    @Test("an EPUB 3 book's M4B has the chapter text track, chpl, audiobook tags and cover; mutagen reads chpl and CHAP/CTOC; --library lays it out for Audiobookshelf")
    func epub3TagsAndLibrary() throws {
        let book = TestPaths.book("accessible_epub_3.epub")
        let folder = try TestPaths.temporaryFolder(), library = try TestPaths.temporaryFolder("library")
        let chapters = "3,5-9,18,20-22"
        let run = try CommandRun.cli([book, "--rate", "4x", "--chapters", chapters, "--out", folder, "--quiet",
                                      "--audiobook", folder + "/book.m4b", "--library", library])
        try #require(run.status == 0, "\(run.stderr)")
        let render = try RenderedFolder.load(folder, run: run)
        try #require(render.manifest.chapters.count == 10)
        // A mark per table-of-contents entry (sections inside a chapter's file too), not per file.
        let entries = (render.manifest.toc ?? []).flatMap(\.flattened)
        // Audio before the first entry (here the title page, chapter 3, which no entry names) is a mark titled with the book.
        let first = try #require(entries.first)
        let leading = first.chapter != render.manifest.chapters.first?.index || first.offset > 0
        #expect(leading, "chapter 3 is the title page, before the first entry")
        let titles = TOCMarks.expected(render.manifest, marks: entries.count + (leading ? 1 : 0)).map(\.title)
        #expect(titles.count > render.manifest.chapters.count)

        let probe = try AudiobookProbe(path: folder + "/book.m4b")
        #expect(probe.streamTypes.filter { $0 == "audio" }.count == 1)
        #expect(probe.codecTags.contains("text"), "the QuickTime chapter track (tref/chap): \(probe.codecTags)")
        #expect(probe.streamTypes.contains("video"), "the cover as an attached picture")
        #expect(probe.tags["genre"] == "Audiobook" && probe.tags["composer"] == render.manifest.voice)
        #expect(probe.tags["artist"] == render.manifest.authors.joined(separator: ", "))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/book.m4b"))
        for atom in ["tref", "chap", "chpl", "elst", "covr"] { #expect(bytes.range(of: Data(atom.utf8)) != nil, "\(atom)") }
        let mp4 = try AudiobookProbe.mutagen(folder + "/book.m4b")
        #expect((mp4["chapters"] as? [[Any]])?.compactMap { $0[1] as? String } == titles)
        #expect(mp4["stik"] as? Int == 2, "media kind: audiobook")
        #expect((mp4["cover"] as? Int ?? 0) > 1000)

        let mp3Run = try CommandRun.cli([book, "--rate", "4x", "--chapters", chapters, "--out", folder, "--quiet",
                                         "--audiobook", folder + "/book.mp3"])
        try #require(mp3Run.status == 0, "\(mp3Run.stderr)")
        let id3 = try AudiobookProbe.mutagen(folder + "/book.mp3")
        #expect((id3["chapters"] as? [[Any]])?.compactMap { $0[1] as? String } == titles)
        #expect((id3["keys"] as? [String]).map { Set(["TIT2", "TALB", "TPE1", "TCOM", "TCON", "APIC", "CTOC", "CHAP"]).isSubset(of: $0) } == true)
        #expect(id3["version"] as? [Int] == [2, 3, 0])

        let shelf = LibraryFolder(root: library, metadata: AudiobookMetadata(title: render.manifest.title, authors: render.manifest.authors,
                                                                             narrator: "", language: "en")).folder
        for name in ["cover.jpg", "desc.txt", "reader.txt", "metadata.json", "book.cue", SafeName.file(render.manifest.title, fallback: "") + ".m4b"] {
            #expect(FileManager.default.fileExists(atPath: shelf + "/" + name), "\(name)")
        }
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: shelf + "/metadata.json"))) as? [String: Any])
        #expect((metadata["chapters"] as? [[String: Any]])?.count == titles.count)
        let fields = try #require(metadata["metadata"] as? [String: Any])
        #expect(fields["title"] as? String == render.manifest.title && fields["narrators"] as? [String] == [render.manifest.voice])
        #expect(fields["isbn"] as? String == "9781449328030")
        #expect(try String(contentsOfFile: shelf + "/reader.txt", encoding: .utf8) == render.manifest.voice)
    }
}

/// Per chapter, the distance from each sentence's measured onset in the decoded
/// single file to its chapter's start plus its sidecar begin.
private func onsetErrors(_ file: String, entry: AudiobookEntry, timings: [ChapterTiming]) throws -> [[Double]] {
    let audio = try DecodedAudio(path: file)
    let levels = audio.frameLevels()
    return zip(entry.chapters, timings).map { chapter, timing in
        timing.sentences.filter { !$0.words.isEmpty }.map { sentence in
            let expected = chapter.start.value + sentence.begin.value
            return audio.onset(near: expected, levels: levels).map { abs($0 - expected) } ?? 1
        }
    }
}
