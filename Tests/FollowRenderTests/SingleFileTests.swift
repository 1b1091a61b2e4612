import Foundation
import Testing
@testable import FollowRender

/// Issue 24: workers that only synthesize, and a single file encoded once from
/// the speech's PCM. Proven on the real CLI with independent readers: strace
/// for what each process opens, a frame walk written here for the MP3, ffmpeg
/// for decoding, the JSON schemas for the files.
@Suite("Speech encoded once: workers that only synthesize", .serialized)
struct SingleFileTests {
    @Test("no worker opens the input book and the parent opens it once (strace of every process of a render with --audiobook)")
    func bookOpenedOnce() throws {
        let folder = try TestPaths.temporaryFolder()
        let book = URL(fileURLWithPath: TestPaths.sampleBook).standardizedFileURL.path
        let trace = folder + "/strace.txt"
        let run = try CommandRun.run("/usr/bin/strace", ["-f", "-qq", "-e", "trace=open,openat,openat2,execve,clone,clone3,fork,vfork",
                                                         "-o", trace, TestPaths.cli, book, "--out", folder + "/out", "--rate", "4x",
                                                         "--jobs", "2", "--quiet", "--audiobook", folder + "/out/book.m4b"])
        try #require(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let pid = { (line: String) in Int32(line.prefix { $0 != " " }) }
        let parent = try #require(lines.first.flatMap(pid))
        let workers = Set(lines.filter { $0.contains("execve(") && $0.contains("\"render-chapter\"") }.compactMap(pid))
        // Every process but the parent: the workers and the jobs they fork (strace follows them all).
        let others = Set(lines.compactMap(pid)).subtracting([parent])
        #expect(workers.count == 2 && workers.isSubset(of: others), "two workers, started by the parent: \(workers)")
        #expect(others.count > workers.count, "the workers forked their jobs")
        let opens = lines.filter { $0.contains("open") && $0.contains("\"\(book)\"") && !$0.contains("resumed>") }
        #expect(opens.filter { pid($0) == parent }.count == 1, "the parent opens the book once: \(opens)")
        #expect(opens.allSatisfy { pid($0) == parent }, "no worker or job opens the book: \(opens)")
        let render = try RenderedFolder.load(folder + "/out", run: run)
        #expect(render.manifest.chapters.count == 2 && render.manifest.audiobook?.chapters.count == 2)
    }

    @Test("a job's bytes do not depend on the jobs its worker ran before: chapter 2 after chapter 1 in one worker is chapter 2 alone")
    func jobsDoNotShareState() throws {
        let both = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--jobs", "1"], name: "both")
        let alone = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--jobs", "1", "--chapters", "2"], name: "alone")
        let chapter = try #require(both.manifest.chapters.last)
        #expect(alone.manifest.chapters.map(\.index) == [2])
        for name in [chapter.audioFile, chapter.timing] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: both.file(name))) == Data(contentsOf: URL(fileURLWithPath: alone.file(name))),
                    "\(name)")
        }
    }

    @Test("the single-file MP3's audio frames are the chapter MP3s' frames byte for byte, whole and split chapters alike; one ID3 tag and one info tag lead them")
    func mp3FramesAreTheChapters() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        // Spine 4 is one job, spine 5 (13,619 units) four slices joined frame by frame.
        let render = try RenderedFolder.render(book, ["--rate", "4x", "--chapters", "4-5"], audiobook: "book.mp3", name: "mp3frames")
        let single = try MP3Frames(path: render.path + "/book.mp3")
        let chapters = try render.manifest.chapters.map { try MP3Frames(path: render.file($0.audioFile)) }
        #expect(single.tag.count > 10 && chapters.allSatisfy { $0.tag.count > 10 })
        #expect(single.info != nil && chapters.allSatisfy { $0.info != nil }, "every file starts with a LAME info tag")
        #expect(single.frames == chapters.reduce(Data()) { $0 + $1.frames }, "the chapters' frames, in book order, nothing re-encoded")
        #expect(single.infoFrameCount == chapters.reduce(0) { $0 + $1.frameCount }, "the info tag counts every frame")
        let entry = try #require(render.manifest.audiobook)
        let decoded = try DecodedAudio(path: render.path + "/book.mp3")
        #expect(abs(decoded.duration - entry.duration.value) <= 0.001, "decoded \(decoded.duration) s, book.json \(entry.duration.value) s")
        let lengths = try DecodedAudio.all(render.manifest.chapters.map { render.file($0.audioFile) }).map(\.duration)
        SingleFileSpans.check(entry, lengths: lengths, format: "mp3")
    }

    @Test("the M4B decoded matches the WAV render within the AAC coder's error, closer than the chapter MP3s at 64 kbps")
    func m4bAgainstWAV() throws {
        let book = TestPaths.book("alice-in-wonderland-epub2.epub")
        // Spine 3 and 4: below the split threshold, so the MP3 render speaks exactly the WAV render's PCM.
        let wav = try RenderedFolder.render(book, ["--rate", "4x", "--chapters", "3-4", "--format", "wav"], audiobook: "book.m4b",
                                            name: "sdr-wav")
        // The chapter MP3s: chapters 3 and 4 of the whole render at 4x that other suites share (the same files).
        let mp3 = try SharedRender.wholeBook("alice-in-wonderland-epub2.epub").render.selecting("3-4")
        try #require(mp3.manifest.chapters.map(\.href) == wav.manifest.chapters.map(\.href))
        let entry = try #require(wav.manifest.audiobook)
        let m4b = try DecodedAudio(path: wav.path + "/book.m4b")
        var aac = SignalDistortion(), lame = SignalDistortion()
        for (number, chapter) in wav.manifest.chapters.enumerated() {
            let reference = try DecodedAudio(path: wav.file(chapter.audioFile)).samples
            // book.json's start is rounded to the millisecond: the chapter starts within 11 samples of it.
            let start = Int((entry.chapters[number].start.value * 22050).rounded())
            let best = (-11...11).map { offset -> SignalDistortion in
                var measure = SignalDistortion()
                measure.add(reference: reference, signal: m4b.samples, at: start + offset)
                return measure
            }.max { $0.decibels < $1.decibels }
            aac.merge(try #require(best))
            lame.add(reference: reference, signal: try DecodedAudio(path: mp3.file(mp3.manifest.chapters[number].audioFile)).samples, at: 0)
        }
        print("SDR against the WAV render: M4B \(String(format: "%.1f", aac.decibels)) dB, chapter MP3 \(String(format: "%.1f", lame.decibels)) dB")
        #expect(aac.decibels >= lame.decibels, "M4B \(aac.decibels) dB, MP3 \(lame.decibels) dB")
        #expect(aac.decibels >= 20, "M4B \(aac.decibels) dB")
    }

    @Test("--format none writes no chapter audio (book.json version 3, with its toc): version 2 sidecars name the M4B and each chapter's start in it; locate, --sync and diff read them")
    func formatNone() throws {
        let render = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x", "--format", "none", "--sync", "vtt,srt,guided"],
                                               audiobook: "book.m4b", name: "format-none")
        let names = try FileManager.default.contentsOfDirectory(atPath: render.path)
        #expect(!names.contains { $0.hasSuffix(".mp3") || $0.hasSuffix(".m3u8") }, "\(names)")
        #expect(render.manifest.version == 3 && render.manifest.toc != nil && render.manifest.chapters.allSatisfy { $0.audio == nil })
        let entry = try #require(render.manifest.audiobook)
        for (timing, chapter) in zip(render.timings, entry.chapters) {
            #expect(timing.version == 2 && timing.audio.file == "book.m4b" && timing.audio.start == chapter.start)
        }
        #expect(try SchemaCheck.folderViolations(render.path).isEmpty)
        #expect(try RenderedBook.load(render.path).chapters.count == 2)
        let errors = try onsetErrors(render.path + "/book.m4b", entry: entry, timings: render.timings)
        #expect(errors.sorted()[errors.count / 2] <= 0.020, "median onset error in the single file")

        let second = render.timings[1], sentence = second.sentences[1]
        let answer = try CommandRun.cli(["locate", render.path, "--time", "2:\(sentence.begin.value + 0.001)"])
        try #require(answer.status == 0, "\(answer.stderr)")
        let position = try JSONCoding.decode(BookPosition.self, from: Data(answer.stdout.utf8))
        #expect(position.audio.file == "book.m4b" && abs(position.audio.time.value - (entry.chapters[1].start.value + sentence.begin.value)) < 0.002)
        #expect(position.audioLocator.href == "book.m4b" && position.audioLocator.type == "audio/mp4")
        let vtt = try String(contentsOfFile: render.path + "/002-two-the-storm.vtt", encoding: .utf8)
        #expect(vtt.contains(CueTime.webVTT(second.fileTime(second.sentences[0].begin)) + " --> "), "cues are timed in the single file")
        let guided = try String(contentsOfFile: render.path + "/002-two-the-storm.guided.json", encoding: .utf8)
        #expect(guided.contains("\"audioref\" : \"book.m4b#t=\(CueTime.decimal(second.fileTime(second.sentences[0].begin)))"), "\(guided.prefix(200))")

        let chapters = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "4x"], name: "format-mp3")
        let diff = try CommandRun.cli(["diff", chapters.path, render.path, "--tolerance-ms", "0"])
        #expect(diff.stdout.contains("0 of 14 sentences and 0 of 139 words shifted"), "the same speech, timed alike: \(diff.stdout)")

        let epub = try CommandRun.cli([TestPaths.sampleBook, "--format", "none", "--audiobook", render.path + "/x.m4b", "--epub", render.path + "/x.epub"])
        #expect(epub.status == 2 && epub.stderr.contains("--epub needs MP3 chapter audio"), "\(epub.stderr)")
        let alone = try CommandRun.cli([TestPaths.sampleBook, "--format", "none", "--out", render.path + "/none"])
        #expect(alone.status == 2 && alone.stderr.contains("--format none writes no chapter audio"), "\(alone.stderr)")
    }

    @Test("--format none gives the same bytes with --jobs 1 and --jobs 2, split chapters included, and a render resumed after --chapters gives them too")
    func formatNoneIsDeterministic() throws {
        let book = try LongChapterBook.make(units: 13_000, name: "none-slices")
        let arguments = ["--rate", "4x", "--format", "none"]
        let one = try RenderedFolder.render(book, arguments + ["--jobs", "1"], audiobook: "book.opus", name: "none-jobs1")
        let two = try RenderedFolder.render(book, arguments + ["--jobs", "2"], audiobook: "book.opus", name: "none-jobs2")
        let files = try BatchFixture.contents(of: one.path)
        #expect(files.keys.contains("book.opus") && files.keys.filter { $0.hasSuffix("-part") }.count == 2, "\(files.keys.sorted())")
        #expect(files == (try BatchFixture.contents(of: two.path)))
        let resumed = try TestPaths.temporaryFolder("none-resumed")
        let single = ["--audiobook", resumed + "/book.opus"]
        let first = try CommandRun.cli([book, "--out", resumed, "--quiet", "--chapters", "2"] + arguments + single)
        try #require(first.status == 0, "\(first.stderr)")
        let rest = try CommandRun.cli([book, "--out", resumed] + arguments + single)
        try #require(rest.status == 0, "\(rest.stderr)")
        #expect(rest.stderr.contains("Kept 1 chapter"), "\(rest.stderr)")
        #expect(try BatchFixture.contents(of: resumed) == files)
        let errors = try onsetErrors(two.path + "/book.opus", entry: try #require(two.manifest.audiobook), timings: two.timings)
        #expect(errors.sorted()[errors.count / 2] <= 0.020, "median onset error across the joins of the split chapter")
    }
}

/// The parts of an MP3 file as a walk of its frame headers finds them
/// (MPEG-2 Layer III, the rates eSpeak NG's 22,050 Hz speech uses).
private struct MP3Frames {
    var tag = Data()
    var info: Data?
    var frames = Data()
    var frameCount = 0
    /// The frame count the info tag declares.
    var infoFrameCount = 0

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 0
        if bytes.starts(with: Array("ID3".utf8)) {
            offset = 10 + bytes[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            tag = Data(bytes[..<offset])
        }
        let bitrates = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        var first = true
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF, bytes[offset + 1] & 0xFE == 0xF2, (bytes[offset + 2] >> 2) & 0x03 == 0 else {
                throw DecodeError(message: "\(path): no MPEG-2 22,050 Hz frame at byte \(offset)")
            }
            let length = 72_000 * bitrates[Int(bytes[offset + 2] >> 4)] / 22_050 + Int((bytes[offset + 2] >> 1) & 1)
            let frame = bytes[offset..<min(bytes.count, offset + length)]
            let marker = String(decoding: frame.dropFirst(13).prefix(4), as: UTF8.self)
            if first, marker == "Info" || marker == "Xing" {
                info = Data(frame)
                infoFrameCount = Array(frame.dropFirst(21).prefix(4)).reduce(0) { $0 << 8 | Int($1) }
            } else {
                frames += frame
                frameCount += 1
            }
            first = false
            offset += length
        }
    }
}

/// Signal-to-distortion ratio of signals against references, summed over chapters.
private struct SignalDistortion {
    var signal = 0.0
    var noise = 0.0

    var decibels: Double { 10 * log10(signal / max(noise, 1e-9)) }

    /// Adds `reference` against `samples[at...]` (missing samples count as silence).
    mutating func add(reference: [Int16], signal samples: [Int16], at start: Int) {
        for (index, value) in reference.enumerated() {
            let position = start + index
            let other = position >= 0 && position < samples.count ? Double(samples[position]) : 0
            signal += Double(value) * Double(value)
            noise += (Double(value) - other) * (Double(value) - other)
        }
    }

    mutating func merge(_ other: SignalDistortion) {
        signal += other.signal
        noise += other.noise
    }
}

/// |detected onset − (chapter start + sentence begin)| for every sentence with words, in the decoded single file.
private func onsetErrors(_ file: String, entry: AudiobookEntry, timings: [ChapterTiming]) throws -> [Double] {
    let audio = try DecodedAudio(path: file)
    let levels = audio.frameLevels()
    return zip(entry.chapters, timings).flatMap { chapter, timing in
        timing.sentences.filter { !$0.words.isEmpty }.map { sentence in
            let expected = chapter.start.value + sentence.begin.value
            return audio.onset(near: expected, levels: levels).map { abs($0 - expected) } ?? 1
        }
    }
}
