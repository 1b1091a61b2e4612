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
    /// What eSpeak is given for each sentence (`Pronouncer`), from the sentence
    /// `firstSpokenSentence` on; empty: the text as shown.
    var spokenForms: [SpokenSentence] = []
    /// The chapter's sentence `spokenForms[0]` is for: 0, or a segment's first sentence.
    var firstSpokenSentence = 0

    /// Renders `chapter` into `writer`; `progress` gets the sentences done and samples written so far.
    ///
    /// With `segment`, only that segment's sentences are spoken, with the
    /// plan's silences at its edges, and the timing lists only them.
    func render(_ chapter: Chapter, segment: (plan: SegmentPlan, index: Int)? = nil, into writer: any AudioWriter,
                audioFile: String, progress: (Int, Int) -> Void) throws -> ChapterTiming {
        let sampleRate = engine.sampleRate
        let schedule = PauseSchedule(sampleRate: sampleRate, speed: settings.speed)
        let pauses = schedule.pauses(in: chapter)
        let range = segment.map { $0.plan.segments[$0.index] } ?? chapter.sentences.indices
        let edges = segment.map { $0.plan.edges(of: $0.index, pauses: pauses) }
        var cursor = writer.leadingSamples
        var timed: [TimedSentence] = []
        timed.reserveCapacity(range.count)
        for index in range {
            let sentence = chapter.sentences[index]
            let pause = index == range.lowerBound ? edges?.leading ?? pauses[index] : pauses[index]
            try writer.write(silence(pause))
            cursor += pause
            let position = index - firstSpokenSentence
            let form = spokenForms.indices.contains(position) ? spokenForms[position] : nil
            var clip = try speak(sentence, spoken: form?.isReplaced == true ? form : nil, in: chapter, into: writer)
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
            progress(index + 1 - range.lowerBound, cursor)
        }
        try writer.write(silence(edges?.trailing ?? schedule.samples(PauseSchedule.lead)))
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

    /// Synthesizes a sentence piece by piece (one piece per voice; an
    /// over-long piece of shown or spoken text in chunks) and writes each piece's voiced
    /// samples at once, so memory is bounded by a chunk, not by the sentence.
    /// A sentence the pronunciation stage changed is spoken from its spoken
    /// form (`form`), whose words' stretches map back to the shown words.
    private func speak(_ sentence: Sentence, spoken form: SpokenSentence?, in chapter: Chapter,
                       into writer: any AudioWriter) throws -> Spoken {
        var spoken = Spoken()
        guard !sentence.words.isEmpty else { return spoken }
        for voicePiece in VoicePiece.pieces(of: sentence, in: chapter, voices: voices) {
            if let form {
                let (text, relative) = form.piece(voicePiece.range, words: voicePiece.words)
                for chunk in VoicePiece.spokenChunks(text: text, words: relative) {
                    try say(chunk.text, words: chunk.words, voice: voicePiece.voice, phonemeInput: form.hasPhonemes, into: writer,
                            spoken: &spoken)
                }
                continue
            }
            let pieceText = chapter.text.substring(voicePiece.range)
            for piece in voicePiece.chunks(text: pieceText) {
                let whole = piece.range == voicePiece.range
                let text = SpeechText.plain(whole ? pieceText : chapter.text.substring(piece.range))
                let relative = piece.words.map { TextRange(location: $0.location - piece.range.location, length: $0.length) }
                try say(text, words: relative, voice: piece.voice, phonemeInput: false, into: writer, spoken: &spoken)
            }
        }
        return spoken
    }

    /// One synthesis call: writes its voiced samples and appends its words' sample ranges.
    private func say(_ text: String, words relative: [TextRange], voice: String, phonemeInput: Bool,
                     into writer: any AudioWriter, spoken: inout Spoken) throws {
        let utterance = try engine.synthesize(text, voice: voice, wpm: settings.wpm, phonemeInput: phonemeInput)
        let voiced = utterance.voicedRange
        let aligned = WordAligner.align(sentence: text, words: relative, utterance: utterance)
        let offset = spoken.length - voiced.lowerBound
        let clamp = { (sample: Int) in min(max(sample, voiced.lowerBound), voiced.upperBound) + offset }
        spoken.words += aligned.map { clamp($0.lowerBound)..<clamp($0.upperBound) }
        try writer.write(utterance.samples[voiced])
        spoken.length += voiced.count
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
