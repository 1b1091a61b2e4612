import FuzzSupport

/// libFuzzer target: the plain-text reader (encoding detection and decoding, chapter splitting) from bytes, then narration extraction of
/// the EPUB it becomes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzBook.read(data, count: size, as: "book.txt")
    return 0
}
