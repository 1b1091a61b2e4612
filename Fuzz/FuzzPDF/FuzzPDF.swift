import FuzzSupport

/// libFuzzer target: the PDF reader (poppler text layout, outline, running headers) from bytes, then narration extraction of
/// the EPUB it becomes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzBook.read(data, count: size, as: "book.pdf")
    return 0
}
