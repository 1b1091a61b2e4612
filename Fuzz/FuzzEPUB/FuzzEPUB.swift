import FuzzSupport

/// libFuzzer target: the EPUB reader from bytes (ZIP container, container.xml,
/// package document, nav/NCX, encryption, XHTML narration extraction with
/// sentence and word spans).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEPUB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzBook.read(data, count: size, as: "book.epub")
    return 0
}
