import Foundation
import Testing
@testable import FollowRender

@Test("probe") func probe() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    for dir in ["books", "bad"] {
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path).sorted() {
            let start = Date()
            do {
                let archive = try EPUBArchive(path: root.appendingPathComponent(dir).appendingPathComponent(name).path)
                let b = archive.book
                print("== \(name) \(Date().timeIntervalSince(start)) v\(b.metadata.version) '\(b.metadata.title)' \(b.metadata.creators) \(b.metadata.language) cover=\(b.metadata.coverPath ?? "-") \(b.metadata.layout) id=\(b.metadata.identifier) opf=\(b.packagePath) manifest=\(b.manifest.count) spine=\(b.spine.count) toc=\(b.toc.count)")
                for s in b.spine.prefix(6) { print("   \(s.index) \(s.path) \(s.mediaType) linear=\(s.linear) nav=\(s.isNavigation) title=\(s.tocTitle ?? "-")") }
                for w in archive.warnings { print("   WARN \(w)") }
            } catch {
                print("== \(name) \(Date().timeIntervalSince(start)) ERROR \(error)")
            }
        }
    }
}
