import Foundation

/// Speaks one chapter into an audio writer, sentence by sentence, and times
/// every sentence and word from the samples written.
///
/// Memory stays flat: samples are written as soon as they are synthesized,
/// and an over-long sentence is synthesized in chunks (`VoicePiece.chunks`). Times refer to the audio as a player decodes it (the writer's
/// leading samples, such as an MP3 encoder delay, are counted in).
struct ChapterRenderer {
    let engine: SpeechEngine
    let settings: RenderSettings
    let voices: VoiceResolver

    /// Renders `chapter` into `writer`; `progress` gets the sentences done and samples written so far.
    func render(_ chapter: Chapter, into writer: any AudioWriter, audioFile: String,
                progress: (Int, Int) -> Void) throws -> ChapterTiming {
        let sampleRate = engine.sampleRate
        let schedule = PauseSchedule(sampleRate: sampleRate, speed: settings.speed)
        let pauses = schedule.pauses(in: chapter)
        var cursor = writer.leadingSamples
        var timed: [TimedSentence] = []
        timed.reserveCapacity(chapter.sentences.count)
        for (index, sentence) in chapter.sentences.enumerated() {
            try writer.write(silence(pauses[index]))
            cursor += pauses[index]
            var clip = try speak(sentence, in: chapter, into: writer)
            if clip.length == 0 {
                let filler = silence(schedule.samples(PauseSchedule.silentSentence))
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
            progress(index + 1, cursor)
        }
        try writer.write(silence(schedule.samples(PauseSchedule.lead)))
        let decoded = try writer.finish()
        return ChapterTiming(
            chapter: .init(index: chapter.index, href: chapter.href, title: chapter.title),
            audio: .init(file: audioFile, sampleRate: sampleRate, duration: Seconds(samples: decoded, sampleRate: sampleRate)),
            text: chapter.text.text,
            sentences: timed
        )
    }

    private func silence(_ count: Int) -> [Int16] { [Int16](repeating: 0, count: count) }

    /// How many voiced samples of a sentence were written, and its words' sample ranges within them.
    private struct Spoken {
        var length = 0
        var words: [Range<Int>] = []
    }

    /// Synthesizes a sentence piece by piece (one piece per voice, an
    /// over-long piece in chunks) and writes each piece's voiced samples at
    /// once, so memory is bounded by a chunk, not by the sentence.
    private func speak(_ sentence: Sentence, in chapter: Chapter, into writer: any AudioWriter) throws -> Spoken {
        var spoken = Spoken()
        guard !sentence.words.isEmpty else { return spoken }
        for voicePiece in VoicePiece.pieces(of: sentence, in: chapter, voices: voices) {
            let pieceText = chapter.text.substring(voicePiece.range)
            for piece in voicePiece.chunks(text: pieceText) {
                let whole = piece.range == voicePiece.range
                let text = (whole ? pieceText : chapter.text.substring(piece.range)).replacingOccurrences(of: "\n", with: " ")
                let utterance = try engine.synthesize(text, voice: piece.voice, wpm: settings.wpm)
                let voiced = utterance.voicedRange
                let relative = piece.words.map { TextRange(location: $0.location - piece.range.location, length: $0.length) }
                let aligned = WordAligner.align(sentence: text, words: relative, utterance: utterance)
                let offset = spoken.length - voiced.lowerBound
                let clamp = { (sample: Int) in min(max(sample, voiced.lowerBound), voiced.upperBound) + offset }
                spoken.words += aligned.map { clamp($0.lowerBound)..<clamp($0.upperBound) }
                try writer.write(utterance.samples[voiced])
                spoken.length += voiced.count
            }
        }
        return spoken
    }

    /// Sentence and word times from sample positions in the decoded audio.
    private func timing(of sentence: Sentence, words: [Range<Int>], start: Int, length: Int, sampleRate: Int) -> TimedSentence {
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
