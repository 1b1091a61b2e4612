/// Passes the first `limit` samples to a writer and drops the rest: the
/// preview's cut, with a short fade so that it ends without a click.
final class PreviewLimitWriter: AudioWriter {
    private let inner: any AudioWriter
    private let limit: Int
    private let fade: Int
    private(set) var written = 0

    /// A writer of at most `limit` samples into `inner`, the last `fade` of them faded out.
    init(_ inner: any AudioWriter, limit: Int, fade: Int) {
        self.inner = inner
        self.limit = limit
        self.fade = min(fade, limit)
    }

    var leadingSamples: Int { inner.leadingSamples }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(RenderError) {
        guard written < limit else { return }
        let count = min(samples.count, limit - written)
        let fadeStart = limit - fade
        if written + count <= fadeStart {
            try inner.write(UnsafeBufferPointer(rebasing: samples[0..<count]))
        } else {
            let faded = (0..<count).map { offset -> Int16 in
                let position = written + offset
                guard position >= fadeStart else { return samples[offset] }
                return Int16(Double(samples[offset]) * Double(limit - position) / Double(fade))
            }
            try inner.write(faded)
        }
        written += count
    }

    func finish() throws(RenderError) -> Int { try inner.finish() }
}
