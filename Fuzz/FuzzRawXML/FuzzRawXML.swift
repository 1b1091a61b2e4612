import Foundation
@testable import FollowRender

/// libFuzzer target: the raw-XHTML tokenizer the overlay writer edits bytes
/// with (`RawXML`), checked against libxml2's reading of the same bytes as
/// the overlay writer checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRawXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let raw = try? RawXML(data: bytes, path: "fuzz.xhtml") else { return 0 }
    for index in raw.tags.indices.prefix(64) { _ = raw.matchingEnd(of: index) }
    _ = raw.firstTag("body", kind: .start)
    if let document = try? XMLDocument(data: bytes, path: "fuzz.xhtml") { try? raw.verify(against: document) }
    return 0
}
