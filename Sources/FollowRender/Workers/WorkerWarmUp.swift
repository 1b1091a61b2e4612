/// What a worker runs once, before it forks any job: every step of a job but
/// the speech, on a made-up sentence, into `/dev/null`. The jobs are forks of
/// the worker, so they inherit what this leaves ready (the runtime's type
/// metadata and conformance caches, the resolved library symbols, the
/// encoders' static tables), instead of each job building it again: about a
/// third of a short chapter's cost (docs/performance.md). The worker is also
/// started with `LD_BIND_NOW` (`WorkerProcess`), so that no job resolves a
/// library symbol lazily: eSpeak NG's, which this cannot call, each cost a
/// search through the 180 libraries the executable loads, with page faults on
/// their symbol tables, in every job. libsonic is warmed here: it keeps no state
/// from one stream to the next.
///
/// eSpeak NG is not touched (its state is what a job must find unused, see
/// `WorkerServer`); what runs here changes no job's output: the encoders keep
/// nothing from one instance to the next but constant tables.
enum WorkerWarmUp {
    static func run(sampleRate: Int) {
        let words = [TextRange(location: 0, length: 4), TextRange(location: 5, length: 2)]
        let tags = AudioTags(title: "Warm", album: "Up", artist: "A", track: 1, trackCount: 1)
        let script = ChapterScript(
            chapter: .init(index: 1, href: "warm.xhtml", title: "Warm"), text: "Warm up.", sampleRate: sampleRate, wpm: 175,
            sentences: [.init(range: TextRange(location: 0, length: 8), words: words, pause: 100,
                              pieces: [.init(text: "Warm up.", voice: "en", phonemes: false, words: words)])],
            trailing: 100, silentSentence: 100, slice: nil,
            outputs: .init(folder: "/dev", audio: .init(file: "null", format: .mp3, bitrate: ChapterSettings.defaultBitrate, tags: tags),
                           timing: "null", part: .init(file: "null", codec: .aac, leadingSilence: 0, bitrate: ChapterSettings.defaultBitrate)))
        guard let data = try? JSONCoding.encoder().encode(script), let decoded = try? JSONCoding.decode(ChapterScript.self, from: data) else {
            return
        }
        let silence = [Int16](repeating: 0, count: 4096)
        let utterance = Utterance(samples: silence, words: [WordEvent(sample: 100, textPosition: 1, length: 4)])
        let aligned = WordAligner.align(sentence: "Warm up.", words: words,
                                        utterance: (try? SonicStream(sampleRate: sampleRate, speed: 1.5).spedUp(utterance)) ?? utterance)
        var writers: [any AudioWriter] = []
        if let mp3 = try? MP3Writer(path: "/dev/null", sampleRate: sampleRate, tags: tags) { writers.append(mp3) }
        for codec in [AudiobookCodec.aac, .opus] {
            if let part = try? PacketPartWriter(path: "/dev/null", codec: codec, sampleRate: sampleRate, leadingSilence: 0) {
                writers.append(part)
            }
        }
        if !writers.isEmpty {
            let fanOut = AudioFanOut(writers)
            try? fanOut.write(silence[...])
            _ = try? fanOut.finish()
        }
        let spans = WordSpans.ordered(aligned, count: words.count, length: silence.count)
        let time = { (sample: Int) in Seconds(samples: sample, sampleRate: sampleRate) }
        let timing = ChapterTiming(
            chapter: decoded.chapter, audio: .init(file: "null", sampleRate: sampleRate, duration: time(silence.count)), text: decoded.text,
            sentences: [TimedSentence(range: decoded.sentences[0].range, begin: time(100), end: time(4000),
                                      words: zip(words, spans).map { TimedWord(range: $0, begin: time($1.lowerBound), end: time($1.upperBound)) })])
        try? SidecarFile.stream(timing, to: "/dev/null")
        _ = SpeechText.engineInput(decoded.sentences[0].pieces[0].text, phonemeInput: false)
        let result = ChapterResult(index: 1, href: "warm.xhtml", title: "Warm", audio: "null", timing: "null", duration: time(4096),
                                   sentences: 1, words: 2, sampleRate: sampleRate, unvoicedLanguages: [],
                                   slice: SliceResult(index: 0, count: 2, file: "null", part: "null", timing: timing))
        _ = [WorkerMessage.started(pid: 1), .progress(sentences: 1, samples: 4096), .done(result)].map(\.line)
    }
}
