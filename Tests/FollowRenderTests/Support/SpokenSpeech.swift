import Foundation
@testable import FollowRender

/// Speaks a chapter's spoken forms in this process, as a worker does, and
/// reports per sentence the samples, the word ranges and how many words
/// eSpeak's events timed.
struct SpokenSpeech {
    struct Result {
        var sentence: SpokenSentence
        /// Samples per word, in the sentence's own (untrimmed) utterance.
        var words: [Range<Int>]
        var eventTimed: Int
        var utterance: Utterance
    }

    let engine: SpeechEngine
    let voice: String
    let wpm: Int

    func speak(_ sentence: SpokenSentence) throws -> Result {
        let piece = sentence.piece(sentence.range, words: sentence.shownWords)
        let utterance = try engine.synthesize(piece.text, voice: voice, wpm: wpm, phonemeInput: sentence.hasPhonemes)
        let aligned = WordAligner.align(sentence: piece.text, words: piece.words, utterance: utterance)
        let timed = WordAligner.eventTimedCount(sentence: piece.text, words: piece.words, events: utterance.words)
        return Result(sentence: sentence, words: aligned, eventTimed: timed, utterance: utterance)
    }
}
