import Foundation

/// Speaks one chapter into an audio writer, sentence by sentence, and times
/// every sentence and word from the samples written.
///
/// Memory stays flat: each sentence's samples are written as soon as they are
/// synthesized. Times refer to the audio as a player decodes it (the writer's
/// leading samples, such as an MP3 encoder delay, are counted in).
struct ChapterRenderer {
    let engine: SpeechEngine
    let settings: RenderSettings
    let voices: VoiceResolver
    /// What eSpeak is given for each sentence (`Pronouncer`); empty: the text as shown.
    var spokenForms: [SpokenSentence] = []

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
            var clip = try speak(sentence, spoken: index < spokenForms.count ? spokenForms[index] : nil, in: chapter)
            if clip.samples.isEmpty { clip.samples = silence(schedule.samples(PauseSchedule.silentSentence)) }
            let shortfall = sentence.words.count * WordSpans.minimumLength - clip.samples.count
            if shortfall > 0 { clip.samples += silence(shortfall) }
            try writer.write(clip.samples)
            timed.append(timing(of: sentence, words: clip.words, start: cursor, length: clip.samples.count, sampleRate: sampleRate))
            cursor += clip.samples.count
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

    /// A sentence's voiced samples and its words' sample ranges within them.
    private struct Spoken {
        var samples: [Int16] = []
        var words: [Range<Int>] = []
    }

    /// Synthesizes a sentence piece by piece, one piece per voice: the spoken
    /// form's text when there is one, and its words' stretches of it.
    private func speak(_ sentence: Sentence, spoken form: SpokenSentence?, in chapter: Chapter) throws -> Spoken {
        var spoken = Spoken()
        guard !sentence.words.isEmpty else { return spoken }
        for piece in VoicePiece.pieces(of: sentence, in: chapter, voices: voices) {
            let (text, relative) = form?.piece(piece.range, words: piece.words) ?? (
                chapter.text.substring(piece.range).replacingOccurrences(of: "\n", with: " "),
                piece.words.map { TextRange(location: $0.location - piece.range.location, length: $0.length) })
            let utterance = try engine.synthesize(text, voice: piece.voice, wpm: settings.wpm,
                                                  phonemeInput: form?.hasPhonemes ?? false)
            let voiced = utterance.voicedRange
            let aligned = WordAligner.align(sentence: text, words: relative, utterance: utterance)
            let offset = spoken.samples.count - voiced.lowerBound
            let clamp = { (sample: Int) in min(max(sample, voiced.lowerBound), voiced.upperBound) + offset }
            spoken.words += aligned.map { clamp($0.lowerBound)..<clamp($0.upperBound) }
            spoken.samples += utterance.samples[voiced]
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
