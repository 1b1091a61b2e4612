import CSonic
import Foundation

/// Speeds mono 16-bit speech up without changing its pitch, with libsonic:
/// the same library and algorithm eSpeak NG uses above its fastest native rate.
///
/// `SpeechEngine` speaks faster than `SpeechEngine.nativeMaximumWPM` by
/// synthesizing at that rate and passing the utterance through one stream.
/// eSpeak's own route there synthesizes at 175 wpm and makes libsonic remove
/// three quarters of the samples at 4x; from its fastest native rate libsonic
/// removes a third, so eSpeak makes and libsonic reads 2.6 times fewer samples
/// (figures in docs/performance.md, "Speech above 449 wpm").
///
/// Owns one `sonicStream` and destroys it in `deinit`.
final class SonicStream {
    private let stream: OpaquePointer

    /// A stream for `sampleRate` Hz mono that makes speech `speed` times faster (`speed > 1`).
    init(sampleRate: Int, speed: Double) throws(RenderError) {
        guard let stream = sonicCreateStream(Int32(sampleRate), 1) else {
            throw Self.outOfMemory
        }
        self.stream = stream
        sonicSetSpeed(stream, Float(speed))
    }

    /// libsonic's only failure: an allocation that returned NULL.
    private static let outOfMemory = RenderError(.speech, file: "libsonic", "out of memory", cause: POSIXError(.ENOMEM))

    deinit {
        sonicDestroyStream(stream)
    }

    /// `utterance` spoken the stream's `speed` times faster, its word events moved to the
    /// same place in the shorter audio. libsonic drops whole pitch periods
    /// evenly through the audio, so an event at a fraction of the input lies at
    /// the same fraction of the output within about one period (under 15 ms).
    func spedUp(_ utterance: Utterance) throws(RenderError) -> Utterance {
        let input = utterance.samples
        guard !input.isEmpty else { return utterance }
        let written = input.withUnsafeBufferPointer { buffer in
            sonicWriteShortToStream(stream, UnsafeMutablePointer(mutating: buffer.baseAddress), Int32(buffer.count))
        }
        guard written != 0, sonicFlushStream(stream) != 0 else {
            throw Self.outOfMemory
        }
        let available = Int(sonicSamplesAvailable(stream))
        var output = [Int16](repeating: 0, count: available)
        let read = output.withUnsafeMutableBufferPointer { buffer in
            Int(sonicReadShortFromStream(stream, buffer.baseAddress, Int32(buffer.count)))
        }
        output.removeLast(available - read)
        let scale = Double(output.count) / Double(input.count)
        let words = utterance.words.map { word in
            WordEvent(sample: min(Int((Double(word.sample) * scale).rounded()), output.count),
                      textPosition: word.textPosition, length: word.length)
        }
        return Utterance(samples: output, words: words)
    }
}
