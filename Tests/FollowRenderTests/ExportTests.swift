import Foundation
import Testing
@testable import FollowRender

/// The sample book rendered at 2x with every sync export.
private enum ExportRenders {
    static let synced = Result {
        try RenderedFolder.render(TestPaths.sampleBook, ["--rate", "2x", "--sync", "vtt,srt,guided"], name: "exportSync")
    }
}

@Suite("Synchronized-text exports: WebVTT, SRT, Readium Guided Navigation", .serialized)
struct ExportTests {
    @Test("--sync writes NNN-slug.vtt, .srt and .guided.json beside each sidecar, atomically")
    func filesBesideSidecars() throws {
        let render = try ExportRenders.synced.get()
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: render.path))
        for chapter in render.manifest.chapters {
            let stem = String(chapter.timing.dropLast(".timing.json".count))
            #expect(names.isSuperset(of: [stem + ".vtt", stem + ".srt", stem + ".guided.json"]), "\(stem)")
        }
        #expect(names.filter { $0.hasPrefix(".") }.isEmpty)
        let violations = try SchemaCheck.folderViolations(render.path)
        #expect(violations == [])
    }

    @Test("ffprobe reads one WebVTT and one SRT cue per sentence, at the sidecar's times")
    func cuesParseWithFFmpeg() throws {
        let render = try ExportRenders.synced.get()
        for (timing, chapter) in zip(render.timings, render.manifest.chapters) {
            let stem = render.file(String(chapter.timing.dropLast(".timing.json".count)))
            for file in [stem + ".vtt", stem + ".srt"] {
                let run = try CommandRun.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "packet=pts_time,duration_time",
                                                                 "-of", "csv=p=0", file])
                #expect(run.status == 0 && run.stderr.isEmpty, "\(file): \(run.stderr)")
                let cues = run.stdout.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }
                #expect(cues.count == timing.sentences.count, "\(file)")
                for (cue, sentence) in zip(cues, timing.sentences) {
                    #expect(cue.count == 2 && Int((cue[0] * 1000).rounded()) == sentence.begin.milliseconds, "\(file) \(cue)")
                    #expect(Int(((cue[0] + cue[1]) * 1000).rounded()) == sentence.end.milliseconds, "\(file) \(cue)")
                }
            }
        }
    }

    @Test("WebVTT cues carry a timestamp before every later word, in order, inside the cue")
    func karaokeTimestamps() throws {
        let render = try ExportRenders.synced.get()
        for (timing, chapter) in zip(render.timings, render.manifest.chapters) {
            let stem = String(chapter.timing.dropLast(".timing.json".count))
            let vtt = try String(contentsOfFile: render.file(stem + ".vtt"), encoding: .utf8)
            #expect(vtt.hasPrefix("WEBVTT\n\n"))
            let blocks = vtt.components(separatedBy: "\n\n").dropFirst()
            #expect(blocks.count == timing.sentences.count)
            let units = Array(timing.text.utf16)
            for (number, (block, sentence)) in zip(blocks, timing.sentences).enumerated() {
                let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(lines.count >= 3 && lines[0] == "s\(number + 1)")
                #expect(lines[1] == "\(CueTime.webVTT(sentence.begin)) --> \(CueTime.webVTT(sentence.end))")
                let stamps = lines[2].matches(of: /<(\d\d:\d\d:\d\d\.\d\d\d)>/).map { String($0.output.1) }
                let expected = sentence.words.filter { $0.begin.milliseconds > sentence.begin.milliseconds }.map { CueTime.webVTT($0.begin) }
                #expect(stamps == expected, "cue s\(number + 1)")
                let plain = lines[2].replacing(/<[0-9:.]+>/, with: "")
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&amp;", with: "&")
                let text = String(decoding: units[sentence.range.location..<sentence.range.end], as: UTF16.self)
                #expect(plain == text.replacingOccurrences(of: "\n", with: " "))
            }
        }
    }

    @Test("SRT subtitles are numbered sentences with comma-millisecond times")
    func srtBlocks() throws {
        let render = try ExportRenders.synced.get()
        let timing = render.timings[0], chapter = render.manifest.chapters[0]
        let srt = try String(contentsOfFile: render.file(String(chapter.timing.dropLast(".timing.json".count)) + ".srt"), encoding: .utf8)
        let first = timing.sentences[0]
        #expect(srt.hasPrefix("1\n\(CueTime.srt(first.begin)) --> \(CueTime.srt(first.end))\nOne: The Keeper\n\n2\n"))
        #expect(srt.components(separatedBy: "\n\n").count == timing.sentences.count)
        #expect(CueTime.srt(Seconds(3725.0504)) == "01:02:05,050" && CueTime.webVTT(Seconds(59.9996)) == "00:01:00.000")
    }

    @Test("Guided Navigation objects point at the chapter and the sentence's audio clip")
    func guidedNavigation() throws {
        let render = try ExportRenders.synced.get()
        for (timing, chapter) in zip(render.timings, render.manifest.chapters) {
            let stem = String(chapter.timing.dropLast(".timing.json".count))
            let data = try Data(contentsOf: URL(fileURLWithPath: render.file(stem + ".guided.json")))
            let document = try JSONCoding.decode(GuidedNavigationExporter.Document.self, from: data)
            #expect(document.guided.count == timing.sentences.count)
            let units = Array(timing.text.utf16)
            for (object, sentence) in zip(document.guided, timing.sentences) {
                #expect(object.textref == chapter.href)
                #expect(object.audioref == "\(chapter.audioFile)#t=\(CueTime.decimal(sentence.begin)),\(CueTime.decimal(sentence.end))")
                let clip = try #require(object.audioref.split(separator: "=").last?.split(separator: ",").compactMap { Double($0) })
                #expect(clip == [sentence.begin.value, sentence.end.value])
                #expect(object.text == String(decoding: units[sentence.range.location..<sentence.range.end], as: UTF16.self)
                    .replacingOccurrences(of: "\n", with: " "))
            }
            let withIDs = GuidedNavigationExporter(fragmentID: { timing, sentence in "s\(timing.chapter.index)-\(sentence)" }).document(timing)
            #expect(withIDs.guided.last?.textref == "\(chapter.href)#s\(chapter.index)-\(timing.sentences.count - 1)")
        }
    }

    @Test("cue text is escaped and kept on one line")
    func escaping() {
        let text = "Tom & Jerry <3\nthe end"
        let words = [(0, 3), (6, 5), (15, 3), (19, 3)].enumerated().map { index, span in
            TimedWord(range: TextRange(location: span.0, length: span.1), begin: Seconds(1 + Double(index) * 0.25),
                      end: Seconds(1.2 + Double(index) * 0.25))
        }
        let timing = ChapterTiming(chapter: .init(index: 4, href: "x.xhtml", title: "X"),
                                   audio: .init(file: "004-x.mp3", sampleRate: 22050, duration: Seconds(3)), text: text,
                                   sentences: [TimedSentence(range: TextRange(location: 0, length: 22), begin: Seconds(1), end: Seconds(2), words: words)])
        #expect(WebVTTExporter.document(timing) == """
            WEBVTT

            s1
            00:00:01.000 --> 00:00:02.000
            Tom &amp; <00:00:01.250>Jerry &lt;3 <00:00:01.500>the <00:00:01.750>end

            """)
        #expect(SRTExporter.document(timing) == "1\n00:00:01,000 --> 00:00:02,000\nTom & Jerry <3 the end\n")
    }

    @Test("with --epub, Guided Navigation textrefs point at each sentence's first span in the EPUB", arguments: ["sentence", "word"])
    func guidedNavigationIntoEPUB(granularity: String) throws {
        let folder = try TestPaths.temporaryFolder()
        let epub = folder + "/read-aloud.epub"
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/out", "--rate", "4x", "--quiet",
                                      "--epub", epub, "--granularity", granularity, "--sync", "guided"])
        #expect(run.status == 0, "\(run.stderr)")
        let book = try RenderedFolder.load(folder + "/out", run: run)
        for (chapter, timing) in zip(book.manifest.chapters, book.timings) {
            let stem = String(chapter.timing.dropLast(".timing.json".count))
            let guided = try JSONCoding.decode(GuidedNavigationExporter.Document.self,
                                               from: Data(contentsOf: URL(fileURLWithPath: book.file(stem + ".guided.json"))))
            let xhtml = try CommandRun.run("/usr/bin/unzip", ["-p", epub, chapter.href]).stdout
            #expect(guided.guided.count == timing.sentences.count)
            for (object, sentence) in zip(guided.guided, timing.sentences) {
                let parts = object.textref.split(separator: "#")
                #expect(parts.count == 2 && parts[0] == Substring(chapter.href), "\(object.textref)")
                guard parts.count == 2, let open = xhtml.range(of: "<span id=\"\(parts[1])\">") else {
                    Issue.record("\(object.textref) is not a span of \(chapter.href)")
                    continue
                }
                let sentenceText = (timing.text as NSString).substring(with: NSRange(location: sentence.range.location, length: sentence.range.length))
                let firstWord = String(sentenceText.prefix { $0.isLetter || $0.isNumber })
                #expect(xhtml[open.upperBound...].hasPrefix(firstWord), "\(object.textref) does not start '\(sentenceText)'")
            }
        }
    }

    @Test("--sync refuses unknown formats with exit 2")
    func unknownFormat() throws {
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", try TestPaths.temporaryFolder(), "--sync", "vtt,ass"])
        #expect(run.status == 2 && run.stderr.hasPrefix("follow-render render: --sync takes a list of vtt, srt and guided, not 'vtt,ass'"))
        #expect(SyncFormat.list("guided, VTT") == [.vtt, .guided] && SyncFormat.list("") == nil)
    }
}
