/// Speaks a chapter script into an audio writer, sentence by sentence, and
/// times every sentence and word from the samples written.
///
/// Memory stays flat: samples are written as soon as they are synthesized,
/// and an over-long sentence comes in chunks (`VoicePiece.chunks`, cut by the
/// parent). Times refer to the audio as a player decodes it (the writer's
/// leading samples, such as an MP3 encoder delay, are counted in).
struct ChapterRenderer {
    let synthesizer: any SpeechSynthesizer
    let script: ChapterScript
    /// Stop after the sentence that reaches this many samples (a preview, `NarrationPreview`); nil for the whole script.
    var sampleLimit: Int?

    /// Renders the script's sentences into `writer`; `progress` gets the
    /// sentences done and samples written so far. The timing names `audioFile`
    /// (the chapter's file, or with `--format none` the single file).
    func render(into writer: any AudioWriter, audioFile: String, progress: (Int, Int) -> Void) throws -> ChapterTiming {
        let sampleRate = script.sampleRate
        var cursor = writer.leadingSamples
        var timed: [TimedSentence] = []
        timed.reserveCapacity(script.sentences.count)
        for (number, sentence) in script.sentences.enumerated() {
            try writer.write(silence(sentence.pause))
            cursor += sentence.pause
            var clip = try speak(sentence, into: writer)
            if clip.length == 0 {
                let filler = silence(script.silentSentence)
                try writer.write(filler)
                clip.length = filler.count
            }
            let shortfall = sentence.words.count * WordSpans.minimumLength - clip.length
            if shortfall > 0 {
                try writer.write(silence(shortfall))
                clip.length += shortfall
            }
            timed.append(timing(of: sentence, words: clip.words, start: cursor, length: clip.length, sampleRate: sampleRate))
            cursor += clip.length
            progress(number + 1, cursor)
            if let sampleLimit, cursor >= sampleLimit { break }
        }
        try writer.write(silence(script.trailing))
        let decoded = try writer.finish()
        return ChapterTiming(
            chapter: script.chapter,
            audio: .init(file: audioFile, sampleRate: sampleRate,
                         duration: Seconds(samples: decoded, sampleRate: sampleRate)),
            text: script.text,
            sentences: timed
        )
    }

    private func silence(_ count: Int) -> [Int16] { [Int16](repeating: 0, count: count) }

    /// How many voiced samples of a sentence were written, and its words' sample ranges within them.
    private struct Spoken {
        var length = 0
        var words: [Range<Int>] = []
    }

    /// Synthesizes a sentence piece by piece and writes each piece's voiced
    /// samples at once, so memory is bounded by a piece, not by the sentence.
    private func speak(_ sentence: ChapterScript.Sentence, into writer: any AudioWriter) throws -> Spoken {
        var spoken = Spoken()
        for piece in sentence.pieces {
            let utterance = try synthesizer.synthesize(piece.text, voice: piece.voice, wpm: script.wpm,
                                                    parameters: script.voiceParameters ?? VoiceParameters(),
                                                    phonemeInput: piece.phonemes)
            let voiced = utterance.voicedRange
            let aligned = WordAligner.align(sentence: piece.text, words: piece.words, utterance: utterance)
            let offset = spoken.length - voiced.lowerBound
            let clamp = { (sample: Int) in min(max(sample, voiced.lowerBound), voiced.upperBound) + offset }
            spoken.words += aligned.map { clamp($0.lowerBound)..<clamp($0.upperBound) }
            try writer.write(utterance.samples[voiced])
            spoken.length += voiced.count
        }
        return spoken
    }

    /// Sentence and word times from sample positions in the decoded audio.
    private func timing(of sentence: ChapterScript.Sentence, words: [Range<Int>], start: Int, length: Int,
                        sampleRate: Int) -> TimedSentence {
        let spans = WordSpans.ordered(words, count: sentence.words.count, length: length)
        let time = { (sample: Int) in Seconds(samples: start + sample, sampleRate: sampleRate) }
        return TimedSentence(
            range: sentence.range,
            begin: time(0),
            end: time(length),
            words: zip(sentence.words, spans).map { TimedWord(range: $0, begin: time($1.lowerBound), end: time($1.upperBound)) }
        )
    }
}
