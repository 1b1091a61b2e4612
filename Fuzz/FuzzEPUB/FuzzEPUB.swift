import FollowRender
import FuzzSupport

/// libFuzzer target: the EPUB reader from bytes (ZIP container, container.xml,
/// package document, nav/NCX, encryption, XHTML narration extraction with
/// sentence and word spans).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEPUB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzScratch.write(data, count: size, as: "book.epub")
    guard let archive = try? EPUBArchive(path: path) else { return 0 }
    _ = ChapterReader(archive: archive, options: NarrationOptions(includeNotes: size % 2 == 0)).read()
    return 0
}
