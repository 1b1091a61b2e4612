import FollowRender
import FuzzSupport

/// libFuzzer target: the timing-sidecar reader (`RenderedBook.load` of one
/// `NNN-slug.timing.json`), then `locate`, `diff` and the sync exports on
/// whatever it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSidecar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzScratch.write(data, count: size, as: "001-chapter.timing.json")
    guard let book = try? RenderedBook.load(path) else { return 0 }
    FuzzTimingUse.exercise(book, against: golden)
    return 0
}

private let golden = try? RenderedBook.load(FuzzScratch.goldenFolder)
