import Foundation
import FollowRender
import FuzzSupport

/// libFuzzer target: the `book.json` reader (`RenderedBook.load` of a folder
/// holding the sample book's golden sidecars and the fuzzed manifest), then
/// `locate` and `diff` on whatever it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzScratch.write(data, count: size, as: "book.json")
    guard let book = try? RenderedBook.load(folder) else { return 0 }
    FuzzTimingUse.exercise(book, against: golden)
    return 0
}

private let golden = try? RenderedBook.load(FuzzScratch.goldenFolder)

/// The scratch folder, with the golden sidecars copied in once.
private let folder: String = {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: FuzzScratch.goldenFolder)) ?? []
    where name.hasSuffix(".timing.json") {
        try? FileManager.default.copyItem(atPath: FuzzScratch.goldenFolder + "/" + name, toPath: FuzzScratch.folder + "/" + name)
    }
    return FuzzScratch.folder
}()
