/// Writes a `TimedSentence` as JSON by hand, byte for byte what
/// `JSONCoding.encoder()` makes of it (keys sorted, no spaces, a range as
/// `[location,length]`, a time as its whole milliseconds over 1,000 in the
/// shortest decimal, without a trailing `.0`), at a small part of
/// `JSONEncoder`'s cost: a sidecar holds a few numbers per word, and encoding
/// them was the largest share of Swift code in a render (docs/performance.md).
/// `SidecarFileTests` compares the two on edge values and on whole sidecars.
enum SentenceJSON {
    /// Appends `sentence`'s JSON to `bytes`.
    static func append(_ sentence: TimedSentence, to bytes: inout [UInt8]) {
        appendTimes(begin: sentence.begin, end: sentence.end, range: sentence.range, to: &bytes)
        bytes.append(contentsOf: #","words":["#.utf8)
        for (number, word) in sentence.words.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            appendTimes(begin: word.begin, end: word.end, range: word.range, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: "]}".utf8)
    }

    /// `{"begin":…,"end":…,"range":[…]`, the keys a sentence and a word share
    /// (in sorted order, before a sentence's `words`), without the closing brace.
    private static func appendTimes(begin: Seconds, end: Seconds, range: TextRange, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"begin":"#.utf8)
        append(begin, to: &bytes)
        bytes.append(contentsOf: #","end":"#.utf8)
        append(end, to: &bytes)
        bytes.append(contentsOf: #","range":"#.utf8)
        JSONBytes.append(range, to: &bytes)
    }

    /// Whether every time in `sentence` is one this writer prints as `JSONEncoder`
    /// does: below 10^12 s, where the shortest decimal of milliseconds / 1,000 is
    /// the quotient's own digits (beyond it `JSONEncoder` may switch to exponents).
    static func handles(_ sentence: TimedSentence) -> Bool {
        let fits = { (time: Seconds) in abs(time.value) < 1e12 }
        return fits(sentence.begin) && fits(sentence.end) && sentence.words.allSatisfy { fits($0.begin) && fits($0.end) }
    }

    /// Whole milliseconds as seconds: `12`, `12.5`, `0.034`, `-1.25`.
    private static func append(_ time: Seconds, to bytes: inout [UInt8]) {
        let milliseconds = time.milliseconds
        if milliseconds < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = milliseconds.magnitude
        JSONBytes.append(integer: Int(magnitude / 1000), to: &bytes)
        var fraction = Int(magnitude % 1000)
        guard fraction > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }
}
