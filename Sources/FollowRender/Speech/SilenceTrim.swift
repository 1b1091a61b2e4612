/// Finds where speech is audible in synthesized audio, by short-term energy.
///
/// eSpeak's output begins and ends with near-silent samples (and a pause when a
/// clause ends); timing and speed measurements must not count them.
public enum SilenceTrim {
    /// Frame length in samples (5 ms at 22050 Hz).
    static let frameLength = 110
    /// A frame is audible when its mean absolute amplitude exceeds this (about -50 dBFS).
    static let threshold = 100

    /// From the start of the first audible frame to the end of the last one;
    /// an empty range at 0 when nothing is audible.
    public static func voicedRange(of samples: [Int16]) -> Range<Int> {
        let frames = (samples.count + frameLength - 1) / frameLength
        guard let first = (0..<frames).first(where: { audible(samples, frame: $0) }),
              let last = (0..<frames).reversed().first(where: { audible(samples, frame: $0) })
        else { return 0..<0 }
        return first * frameLength..<min(samples.count, (last + 1) * frameLength)
    }

    private static func audible(_ samples: [Int16], frame: Int) -> Bool {
        let start = frame * frameLength
        let end = min(samples.count, start + frameLength)
        var sum = 0
        for index in start..<end { sum += abs(Int(samples[index])) }
        return sum > threshold * (end - start)
    }
}
