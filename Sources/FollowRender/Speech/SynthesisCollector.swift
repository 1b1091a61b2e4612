import CEspeakNG

/// Gathers the samples and word events of one synthesis call. eSpeak hands it
/// back to `receive` through each event's `user_data`, so no global state is needed.
final class SynthesisCollector {
    private(set) var samples: [Int16] = []
    private(set) var words: [WordEvent] = []

    /// The synth callback: appends `count` samples from `wav` and the word
    /// events of the list `events` (terminated by `espeakEVENT_LIST_TERMINATED`).
    /// Returns 0 to let synthesis continue.
    static func receive(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32,
                        _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
        guard let events else { return 0 }
        var index = 0
        while events[index].type != espeakEVENT_LIST_TERMINATED { index += 1 }
        guard let context = events[index].user_data else { return 0 }
        let collector = Unmanaged<SynthesisCollector>.fromOpaque(context).takeUnretainedValue()
        // eSpeak NG 1.51 sometimes ends an utterance with a word event at
        // position 0, which points at no text; it is left out.
        for event in UnsafeBufferPointer(start: events, count: index)
        where event.type == espeakEVENT_WORD && event.text_position > 0 {
            collector.words.append(WordEvent(sample: Int(event.sample), textPosition: Int(event.text_position),
                                             length: Int(event.length)))
        }
        if let wav, count > 0 {
            collector.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
        }
        return 0
    }

    /// The finished utterance, with event samples clamped into the audio, as
    /// `Utterance` promises (eSpeak's own libsonic route, above 450 wpm, reported
    /// some past the last sample; `SpeechEngine` no longer takes it).
    var utterance: Utterance {
        let end = samples.count
        let clamped = words.map { event in
            WordEvent(sample: min(max(event.sample, 0), end), textPosition: event.textPosition, length: event.length)
        }
        return Utterance(samples: samples, words: clamped)
    }
}
