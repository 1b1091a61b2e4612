import Foundation
import Testing
@testable import FollowRender

@Suite("Long chapters split into slices across workers", .serialized)
struct SegmentTests {
    /// One generated chapter of about 13,000 UTF-16 units (four slices) and a short one.
    private static let book = Result { try LongChapterBook.make(units: 13_000, name: "slices") }
    /// The book rendered at 4x with two workers, shared by the tests.
    private static let jobsTwo = Result { try RenderedFolder.render(try book.get(), ["--rate", "4x", "--jobs", "2"], name: "jobs2") }

    @Test("a long chapter is cut only where a paragraph starts, into an even number of slices; short chapters are not cut")
    func plan() throws {
        let archive = try EPUBArchive(path: TestPaths.book("childrens-literature.epub"))
        let long = try #require(ChapterReader(archive: archive).read().chapters.max { $0.text.utf16Count < $1.text.utf16Count })
        let plan = SlicePlan(chapter: long)
        #expect(plan.slices.count == max(SlicePlan.minimumSlices, long.text.utf16Count / SlicePlan.targetUnits / 2 * 2))
        #expect(plan.slices.first?.lowerBound == 0)
        #expect(plan.slices.last?.upperBound == long.sentences.count)
        #expect(zip(plan.slices, plan.slices.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        let starts = Set(SlicePlan.paragraphStarts(long))
        #expect(plan.slices.dropFirst().allSatisfy { starts.contains($0.lowerBound) })
        let sizes = plan.slices.map { long.sentences[$0.upperBound - 1].range.end - long.sentences[$0.lowerBound].range.location }
        #expect(sizes.allSatisfy { abs($0 - SlicePlan.targetUnits) < SlicePlan.targetUnits / 2 }, "\(sizes)")
        let sample = ChapterReader(archive: try EPUBArchive(path: TestPaths.sampleBook)).read().chapters
        #expect(sample.allSatisfy { !SlicePlan(chapter: $0).isSplit })
        let alice = ChapterReader(archive: try EPUBArchive(path: TestPaths.book("alice-in-wonderland-epub2.epub"))).read().chapters
        #expect(alice.contains { $0.text.utf16Count >= SlicePlan.splitUnits } && alice.contains { $0.text.utf16Count < SlicePlan.splitUnits })
        for chapter in alice {
            let expected = chapter.text.utf16Count >= SlicePlan.splitUnits ? SlicePlan.minimumSlices : 1
            #expect(SlicePlan(chapter: chapter).slices.count == expected, "a chapter of \(chapter.text.utf16Count) units")
        }
    }

    @Test("a split chapter renders the same bytes with --jobs 1 and --jobs 2")
    func sameBytesWhateverTheJobs() throws {
        let book = try Self.book.get()
        let one = try RenderedFolder.render(book, ["--rate", "4x", "--jobs", "1"], name: "jobs1")
        let two = try Self.jobsTwo.get()
        let files = try BatchFixture.contents(of: one.path)
        #expect(files.keys.sorted() == ["001-chapter-one.mp3", "001-chapter-one.timing.json", "002-chapter-two.mp3",
                                        "002-chapter-two.timing.json", "book.json", "book.m3u8"], "\(files.keys.sorted())")
        #expect(files == (try BatchFixture.contents(of: two.path)))
    }

    @Test("a split chapter's sidecar times fall on speech onsets in the decoded audio, and its joins are silent pauses of the scheduled length")
    func joinsAreExact() throws {
        let book = try Self.book.get()
        let render = try Self.jobsTwo.get()
        let timing = try #require(render.timings.first)
        #expect(timingViolations(timing) == [])
        let errors = try render.onsetErrors()
        #expect(errors.sorted()[errors.count / 2] <= 0.020, "median onset error")
        #expect(errors.sorted()[errors.count * 9 / 10] <= 0.040, "90th percentile onset error")
        let chapter = try #require(render.manifest.chapters.first)
        let probed = try DecodedAudio.probeDuration(render.file(chapter.audioFile))
        #expect(abs(probed - chapter.duration.value) <= 0.030, "ffprobe \(probed) s, sidecar \(chapter.duration.value) s")
        let head = try Data(contentsOf: URL(fileURLWithPath: render.file(chapter.audioFile))).prefix(4096)
        #expect(head.starts(with: Data("ID3".utf8)), "the first slice's ID3 tag opens the joined file")
        #expect(head.range(of: Data("Info".utf8)) != nil && head.range(of: Data("LAME3".utf8)) != nil,
                "a joined chapter has one LAME info tag, made from its slices'")
        #expect(try DecodedAudio.probeTags(render.file(chapter.audioFile)).tags["title"] == chapter.title)
        let audio = try DecodedAudio(path: render.file(chapter.audioFile))
        // Decoders trim the encoder delay and padding the info tag declares, as for every MP3 chapter.
        #expect(audio.duration <= chapter.duration.value + 0.001 && audio.duration >= chapter.duration.value - 0.080,
                "decoded \(audio.duration) s, sidecar \(chapter.duration.value) s")

        let source = try #require(ChapterReader(archive: try EPUBArchive(path: book)).read().chapters.first)
        let plan = SlicePlan(chapter: source)
        #expect(plan.slices.count == SlicePlan.minimumSlices)
        let pauses = PauseSchedule(sampleRate: 22_050, speed: 4).pauses(in: source)
        for cut in plan.slices.dropFirst().map(\.lowerBound) {
            let before = timing.sentences[cut - 1].end.value, after = timing.sentences[cut].begin.value
            let scheduled = Double(pauses[cut]) / 22_050
            #expect(abs((after - before) - scheduled) <= 0.015, "pause at the join: \(after - before) s, scheduled \(scheduled) s")
            let onset = audio.onset(near: after, levels: audio.frameLevels())
            #expect(onset.map { abs($0 - after) <= 0.020 } == true, "speech after the join starts at \(String(describing: onset)), sidecar \(after)")
            let gap = audio.samples[Int((before + 0.01) * 22_050)..<Int((after - 0.01) * 22_050)]
            let peak = gap.map { abs(Int($0)) }.max() ?? 0
            #expect(peak <= 64, "the pause at the join peaks at \(peak): a click")
        }
    }
}
