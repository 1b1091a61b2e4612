import Foundation
import Testing
@testable import FollowRender

/// Renders of the sample book compared by the diff tests: at the golden
/// settings (1x) twice (the renders `RenderTests` reads), at 1.2x, and an edited copy at 1x.
private enum DiffRenders {
    static var oneX: Result<RenderedFolder, any Error> { SampleRenders.oneX }
    static var oneXAgain: Result<RenderedFolder, any Error> { SampleRenders.oneXAgain }
    static let faster = Result { try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "1.2x"], name: "diff12x") }
    static let edited = Result { () throws -> RenderedFolder in
        let copy = try TestPaths.temporaryFolder("editedBook") + "/sample-book"
        try FileManager.default.copyItem(atPath: TestPaths.sampleFolder, toPath: copy)
        let chapter = copy + "/OEBPS/chapter-1.xhtml"
        let original = try String(contentsOfFile: chapter, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "The clock ran four minutes fast, and she liked it that way.",
                                                   with: "The old clock ran nine minutes slow, which annoyed her.")
        guard edited != original else { throw DecodeError(message: "the sentence to edit is not in \(chapter)") }
        try edited.write(toFile: chapter, atomically: true, encoding: .utf8)
        return try RenderedFolder.render(copy, ["--rate", "1x"], name: "diffEdited")
    }
}

@Suite("Comparing renders for regressions", .serialized)
struct DiffTests {
    @Test("the sample book still renders exactly like the golden sidecars (tolerance 0)")
    func golden() throws {
        let render = try DiffRenders.oneX.get()
        let golden = TestPaths.fixtures.appendingPathComponent("golden").path
        let run = try CommandRun.cli(["diff", golden, render.path, "--tolerance-ms", "0"])
        #expect(run.status == 0, "re-bless with scripts/bless-golden.sh if the change is intended:\n\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Summary: equal within 0 ms; 2 chapters compared"))
    }

    @Test("two renders of the same book decode to identical audio and diff as equal")
    func deterministicAudio() throws {
        let first = try DiffRenders.oneX.get(), second = try DiffRenders.oneXAgain.get()
        for chapter in first.manifest.chapters {
            let one = try DecodedAudio(path: first.file(chapter.audioFile)), two = try DecodedAudio(path: second.file(chapter.audioFile))
            #expect(one.samples.count > 22050, "\(chapter.audio) is too short to mean anything")
            #expect(one.samples == two.samples, "\(chapter.audio) decodes differently")
        }
        let run = try CommandRun.cli(["diff", first.path, second.path, "--json"])
        #expect(run.status == 0)
        let report = try JSONCoding.decode(DiffReport.self, from: Data(run.stdout.utf8))
        #expect(report.equal && report.chapters.isEmpty)
        #expect(report.summary.sentencesCompared == first.timings.reduce(0) { $0 + $1.sentences.count })
        #expect(report.summary.wordsCompared == first.timings.reduce(0) { $0 + $1.sentences.reduce(0) { $0 + $1.words.count } })
    }

    @Test("a render against itself reports nothing and exits 0")
    func itself() throws {
        let render = try DiffRenders.oneX.get()
        let run = try CommandRun.cli(["diff", render.path, render.path])
        #expect(run.status == 0)
        #expect(run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Chapter") }.isEmpty)
        for (timing, chapter) in zip(render.timings, render.manifest.chapters) {
            let sidecar = render.file(chapter.timing)
            #expect(try CommandRun.cli(["diff", sidecar, sidecar]).status == 0, "\(timing.chapter.href)")
        }
    }

    @Test("1x against 1.2x: every sentence and word shifts, durations shrink, no text changes")
    func rateChange() throws {
        let slow = try DiffRenders.oneX.get(), fast = try DiffRenders.faster.get()
        let run = try CommandRun.cli(["diff", slow.path, fast.path, "--json", "--tolerance-ms", "20"])
        #expect(run.status == 1)
        let report = try JSONCoding.decode(DiffReport.self, from: Data(run.stdout.utf8))
        #expect(!report.equal && report.summary.textChanges == 0 && report.summary.durationChanges == 2)
        for chapter in report.chapters {
            let duration = try #require(chapter.duration)
            #expect(duration.new.value / duration.old.value < 0.9, "\(chapter.chapter.href)")
            #expect(chapter.sentenceShifts.allSatisfy { $0.beginShiftMs < 0 || $0.endShiftMs < -20 })
        }
        let shifts = report.chapters.flatMap { $0.sentenceShifts.map { abs($0.beginShiftMs) } }
        #expect(report.summary.maximumSentenceShiftMs == shifts.max())
        #expect(report.summary.maximumSentenceShiftMs > 1000)
        #expect(report.summary.medianSentenceShiftMs > 0 && report.summary.medianSentenceShiftMs <= report.summary.maximumSentenceShiftMs)
        #expect(report.summary.sentencesShifted >= report.summary.sentencesCompared - 2)

        let readable = try CommandRun.cli(["diff", slow.path, fast.path])
        #expect(readable.status == 1)
        #expect(readable.stdout.contains("Chapter 1 \"One: The Keeper\" (OEBPS/chapter-1.xhtml)"))
        #expect(readable.stdout.contains("\"Mara kept the lighthouse on the northern cape for eleven ye…\" [16, 63]: "))
        #expect(readable.stdout.contains("Summary: different (tolerance 0 ms)"))
    }

    @Test("an edited sentence is one text change; the sentences after it are still compared by time")
    func editedSentence() throws {
        let old = try DiffRenders.oneX.get(), new = try DiffRenders.edited.get()
        let run = try CommandRun.cli(["diff", old.path, new.path, "--json"])
        #expect(run.status == 1)
        let report = try JSONCoding.decode(DiffReport.self, from: Data(run.stdout.utf8))
        #expect(report.summary.textChanges == 1)
        #expect(report.chapters.map { $0.chapter.index } == [1], "chapter 2 is unchanged")
        let chapter = try #require(report.chapters.first)
        let change = try #require(chapter.textChanges.first)
        #expect(change.old?.text == "The clock ran four minutes fast, and she liked it that way.")
        #expect(change.new?.text == "The old clock ran nine minutes slow, which annoyed her.")
        let sentences = old.timings[0].sentences
        let edited = try #require(sentences.firstIndex { $0.range == change.old?.range })
        #expect(report.summary.sentencesCompared == old.timings.reduce(0) { $0 + $1.sentences.count } - 1)
        // Sentences before the edit keep their times; those after it move by about
        // the same amount (the shorter sentence's saving; pauses vary by a few ms).
        let shifted = chapter.sentenceShifts.map { $0.old.range }
        #expect(shifted == sentences[(edited + 1)...].map(\.range))
        let amounts = chapter.sentenceShifts.map(\.beginShiftMs)
        let spread = (amounts.max() ?? 0) - (amounts.min() ?? 0)
        #expect(amounts.allSatisfy { $0 < 0 } && spread <= 30, "shifts \(amounts)")
        #expect(chapter.sentenceShifts.allSatisfy { $0.new.range.location - $0.old.range.location == -4 })

        let readable = try CommandRun.cli(["diff", old.path, new.path])
        #expect(readable.stdout.contains("  text changed: [150, 59] \"The clock ran four minutes fast, and she liked it that way.\""))
        #expect(readable.stdout.contains("            to: [150, 55] \"The old clock ran nine minutes slow, which annoyed her.\""))
    }

    @Test("an edited sidecar text is reported as a text change between two sidecars")
    func editedSidecar() throws {
        let render = try DiffRenders.oneX.get()
        let original = render.file(render.manifest.chapters[1].timing)
        var timing = render.timings[1]
        let units = Array(timing.text.utf16)
        let target = timing.sentences[3].range
        let sentence = String(decoding: units[target.location..<target.end], as: UTF16.self)
        timing.text = timing.text.replacingOccurrences(of: sentence, with: sentence.replacingOccurrences(of: "French", with: "Breton"))
        let copy = try TestPaths.temporaryFolder("editedSidecar") + "/002-two-the-storm.timing.json"
        try JSONCoding.data(timing).write(to: URL(fileURLWithPath: copy))
        let run = try CommandRun.cli(["diff", original, copy, "--json"])
        #expect(run.status == 1)
        let report = try JSONCoding.decode(DiffReport.self, from: Data(run.stdout.utf8))
        #expect(report.chapters.count == 1 && report.summary.textChanges == 1)
        #expect(report.chapters.first?.textChanges.first?.new?.text == "A Breton sailor sheltered in the tower that night.")
        #expect(report.chapters.first?.sentenceShifts.isEmpty == true)
        #expect(report.summary.sentencesCompared == timing.sentences.count - 1)
    }

    @Test("chapters only in one render are reported as added or removed")
    func chaptersAddedAndRemoved() throws {
        let both = try DiffRenders.oneX.get()
        let second = try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "1x", "--chapters", "2"], name: "diffChapter2")
        let run = try CommandRun.cli(["diff", both.path, second.path, "--json"])
        #expect(run.status == 1)
        let report = try JSONCoding.decode(DiffReport.self, from: Data(run.stdout.utf8))
        #expect(report.removed.map(\.index) == [1] && report.added.isEmpty && report.chapters.isEmpty)
        #expect(report.summary.chaptersCompared == 1)
        let back = try CommandRun.cli(["diff", second.path, both.path])
        #expect(back.status == 1 && back.stdout.contains("Chapter 1 \"One: The Keeper\" (OEBPS/chapter-1.xhtml): added"))
    }

    @Test("unreadable inputs and usage errors exit 2 with one line")
    func usageErrors() throws {
        let render = try DiffRenders.oneX.get()
        let missing = render.path + "/missing"
        let run = try CommandRun.cli(["diff", render.path, missing])
        #expect(run.status == 2 && run.stderr == "follow-render: \(missing): no such file or folder\n")
        let notJSON = try TestPaths.temporaryFolder("notJSON") + "/x.timing.json"
        try Data("nope".utf8).write(to: URL(fileURLWithPath: notJSON))
        let garbage = try CommandRun.cli(["diff", notJSON, notJSON])
        #expect(garbage.status == 2 && garbage.stderr == "follow-render: \(notJSON): not valid JSON\n")
        let mixed = try CommandRun.cli(["diff", render.path, render.file(render.manifest.chapters[0].timing)])
        #expect(mixed.status == 2 && mixed.stderr.hasPrefix("follow-render diff: compare two rendered folders or two timing sidecars"))
        #expect(try CommandRun.cli(["diff", render.path]).status == 2)
        #expect(try CommandRun.cli(["diff", render.path, render.path, "--tolerance-ms", "-3"]).status == 2)
    }

    @Test("sentences are aligned by text: a longest common subsequence around the edits")
    func alignment() {
        let steps = SentenceAlignment.align(["a", "b", "c", "d", "e"], ["a", "x", "c", "d", "e", "f"])
        #expect(steps == [.match(old: 0, new: 0), .change(old: 1..<2, new: 1..<2), .match(old: 2, new: 2),
                          .match(old: 3, new: 3), .match(old: 4, new: 4), .change(old: 5..<5, new: 5..<6)])
        let moved = SentenceAlignment.align(["a", "b", "c"], ["c", "a", "b"])
        #expect(moved == [.change(old: 0..<0, new: 0..<1), .match(old: 0, new: 1), .match(old: 1, new: 2), .change(old: 2..<3, new: 3..<3)])
        #expect(SentenceAlignment.align([], ["a"]) == [.change(old: 0..<0, new: 0..<1)])
        #expect(SentenceAlignment.align(["a"], ["a"]) == [.match(old: 0, new: 0)])
    }
}
