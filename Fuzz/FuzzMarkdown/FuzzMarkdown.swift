import FuzzSupport

/// libFuzzer target: the Markdown reader (front matter, cmark-gfm) from bytes, then narration extraction of
/// the EPUB it becomes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzBook.read(data, count: size, as: "book.md")
    return 0
}
