import Foundation
import Testing
import FollowTiming

@Suite("FollowTiming compares renders and writes the sync exports")
struct DiffAndExportTests {
    @Test("a render equals itself; a shifted word and an edited sentence are reported")
    func diff() throws {
        let golden = try RenderedBook.load(GoldenRender.folder)
        let same = TimingDiff(toleranceMs: 0).compare(old: golden, new: golden)
        #expect(same.equal && same.chapters.isEmpty && same.summary.chaptersCompared == 2 && same.summary.wordsCompared > 100)

        var changed = golden
        var timing = changed.chapters[0]
        timing.sentences[2].words[1].end = Seconds(timing.sentences[2].words[1].end.value - 0.02)
        var units = Array(timing.text.utf16)
        let edited = timing.sentences[3].range
        units[edited.location] = UInt16(UInt8(ascii: "X"))
        timing.text = String(decoding: units, as: UTF16.self)
        changed.chapters[0] = timing
        let report = TimingDiff(toleranceMs: 10).compare(old: golden, new: changed)
        #expect(!report.equal && report.chapters.count == 1 && report.chapters[0].chapter.index == 1)
        #expect(report.chapters[0].wordShifts.map(\.endShiftMs) == [-20])
        #expect(report.chapters[0].textChanges.map { $0.new?.range } == [edited])
        #expect(TimingDiff(toleranceMs: 25).compare(old: golden, new: changed).chapters[0].wordShifts.isEmpty)
        let text = DiffText.render(report)
        #expect(text.contains("Chapter 1 \"One: The Keeper\"") && text.hasPrefix("Chapter 1") && text.contains("Summary: different (tolerance 10 ms)"))
    }

    @Test("WebVTT, SRT and guided navigation time each sentence, and WebVTT each word, in the chapter's audio file")
    func exports() throws {
        let timing = try #require(try RenderedBook.load(GoldenRender.folder).chapter(1))
        let vtt = WebVTTExporter.document(timing)
        #expect(vtt.hasPrefix("WEBVTT\n\ns1\n00:00:00.250 --> 00:00:01.358\nOne: <00:00:00.813>The <00:00:00.953>Keeper\n\ns2\n"))
        #expect(vtt.components(separatedBy: " --> ").count == timing.sentences.count + 1)
        let srt = SRTExporter.document(timing)
        #expect(srt.hasPrefix("1\n00:00:00,250 --> 00:00:01,358\nOne: The Keeper\n\n2\n00:00:02,258 --> "))
        let guided = GuidedNavigationExporter().document(timing)
        #expect(guided.guided.count == timing.sentences.count)
        let first = try #require(guided.guided.first)
        #expect(first.textref == "OEBPS/chapter-1.xhtml" && first.audioref == "001-one-the-keeper.mp3#t=0.250,1.358"
                    && first.text == "One: The Keeper")
        #expect(SyncFormat.list("srt, VTT") == [.vtt, .srt] && SyncFormat.list("vtt,pdf") == nil)
    }
}
