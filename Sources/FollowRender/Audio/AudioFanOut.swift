/// Hands the same samples to several writers at once: a chapter's audio file
/// and its part of the single-file audiobook are encoded from one PCM stream,
/// as it is spoken. The first writer is the one times are counted in (its
/// `leadingSamples`, its `finish()` length).
final class AudioFanOut: AudioWriter {
    private let writers: [any AudioWriter]

    /// `writers` must not be empty.
    init(_ writers: [any AudioWriter]) {
        precondition(!writers.isEmpty, "a fan-out needs a writer")
        self.writers = writers
    }

    var leadingSamples: Int { writers[0].leadingSamples }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(RenderError) {
        for writer in writers { try writer.write(samples) }
    }

    /// Finishes every writer; returns the first one's length.
    func finish() throws(RenderError) -> Int {
        let length = try writers[0].finish()
        for writer in writers.dropFirst() { _ = try writer.finish() }
        return length
    }
}
