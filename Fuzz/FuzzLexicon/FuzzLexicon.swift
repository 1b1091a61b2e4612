import Foundation
@testable import FollowRender

/// libFuzzer target: the pronunciation lexicon readers (`LexiconReader`), a
/// W3C PLS document or a `--lexicon` TSV file from bytes, with their IPA and
/// X-SAMPA conversion to eSpeak NG mnemonics. The first byte picks the
/// reader (even: PLS, odd: TSV), so one corpus exercises both.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexicon(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Data(bytes: data + 1, count: size - 1)
    let language = ["en", "ja", "fr", "zh"][Int(data[0] >> 1) % 4]
    let lexicon = data[0] % 2 == 0
        ? LexiconReader.pls(bytes, source: "fuzz.pls", language: language) { _ in }
        : LexiconReader.tsv(bytes, source: "fuzz.tsv", language: language) { _ in }
    if let lexicon {
        for entry in lexicon.entries.prefix(256) { _ = entry.grapheme.utf16.count }
    }
    return 0
}
