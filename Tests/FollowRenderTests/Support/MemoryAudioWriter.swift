@testable import FollowRender

/// An `AudioWriter` that keeps what it is given, so a test can read the
/// samples the renderer wrote where its timing says they are. Its
/// `leadingSamples` stands for an encoder's delay.
final class MemoryAudioWriter: AudioWriter {
    let leadingSamples: Int
    private(set) var samples: [Int16] = []
    private(set) var finished = false

    init(leadingSamples: Int = 0) {
        self.leadingSamples = leadingSamples
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(RenderError) {
        self.samples.append(contentsOf: samples)
    }

    func finish() throws(RenderError) -> Int {
        finished = true
        return leadingSamples + samples.count
    }
}
