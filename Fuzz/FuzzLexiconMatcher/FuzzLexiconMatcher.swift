import Foundation
@testable import FollowRender

/// libFuzzer target: lexicon matching (`LexiconMatcher`) against a time
/// budget. The input is a lexicon and a text: bytes up to the first 0xFF are
/// `grapheme<TAB>alias` lines (UTF-8, lossy), the rest is the text; the first
/// byte also picks the lexicons' languages and where a taken range lies. The
/// matches must be in order, inside the range, free, and each the text of one
/// of the graphemes; and matching must take time linear in the input: an
/// input over its budget is a failure (a trap libFuzzer reports), as the
/// matcher that took 45 s on one long word against graphemes sharing a long
/// prefix would be.
/// One match before the first timed one, so the runtime's one-time set-up is not counted.
private let warmUp: Void = {
    _ = LexiconMatcher([Lexicon(source: "warm", language: nil, entries: [.init(grapheme: "a", spoken: .alias("b"))])])
        .replacements(in: Array("a a".utf16), range: 0..<3, language: { _ in "en" }, isFree: { _ in true })
}()

/// The CPU time this thread has used, in seconds.
private func threadTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexiconMatcher(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let selector = bytes[0]
    let split = bytes.firstIndex(of: 0xFF) ?? size / 2
    let lexiconText = String(decoding: bytes[1..<max(1, split)], as: UTF8.self)
    let text = Array(String(decoding: bytes[min(size, split + 1)...], as: UTF8.self).utf16)
    let entries = lexiconText.split(separator: "\n").compactMap { line -> Lexicon.Entry? in
        let fields = line.split(separator: "\t", maxSplits: 1)
        guard let grapheme = fields.first, !grapheme.isEmpty else { return nil }
        return Lexicon.Entry(grapheme: String(grapheme), spoken: .alias(fields.count > 1 ? String(fields[1]) : "x"))
    }
    // Up to three lexicons over the same entries, for the language groups.
    let languages: [String?] = [nil, "en", "ja"]
    let lexicons = (0..<Int(selector % 3) + 1).map { number in
        Lexicon(source: "fuzz\(number)", language: languages[(Int(selector >> 2) + number) % 3],
                entries: entries.enumerated().filter { $0.offset % (number + 1) == 0 }.map(\.element))
    }
    let taken = text.isEmpty ? 0..<0 : Int(selector) % text.count..<min(text.count, Int(selector) % text.count + 3)
    _ = warmUp
    let start = threadTime()
    let matcher = LexiconMatcher(lexicons)
    let found = matcher.replacements(in: text, range: 0..<text.count,
                                     language: { $0 % 7 < 4 ? "en-GB" : "ja" },
                                     isFree: { !$0.overlaps(taken) })
    let elapsed = threadTime() - start
    // Linear work is microseconds per unit even instrumented; 64 KiB gets about a second of CPU
    // (this thread's CPU time, so a busy machine does not make an input slow).
    let budget = 0.2 + 12e-6 * Double(size)
    if elapsed > budget {
        fatalError("lexicon matching took \(elapsed) s of CPU for \(size) bytes (\(entries.count) graphemes, \(text.count) units): over its budget \(budget) s")
    }
    let graphemes = Set(entries.map { Array($0.grapheme.utf16) })
    var end = 0
    for replacement in found {
        let shown = replacement.shown
        guard shown.lowerBound >= end, shown.upperBound <= text.count, !shown.isEmpty, !shown.overlaps(taken),
              graphemes.contains(Array(text[shown])) else {
            fatalError("bad match \(shown) after \(end) in \(text.count) units")
        }
        end = shown.upperBound
    }
    return 0
}
