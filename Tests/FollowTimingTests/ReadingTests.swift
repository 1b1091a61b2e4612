import Foundation
import Testing
import FollowTiming

@Suite("FollowTiming reads a rendered folder on its own")
struct ReadingTests {
    @Test("the golden book.json and its sidecars decode, pass validation and encode back to the same bytes")
    func goldenDecodes() throws {
        let book = try RenderedBook.load(GoldenRender.folder)
        let manifest = try #require(book.manifest)
        #expect(manifest.title == "The Lighthouse Clock" && manifest.version == 3 && manifest.language == "en")
        #expect(manifest.chapters.map(\.index) == [1, 2] && book.chapters.map(\.chapter.index) == [1, 2])
        #expect(manifest.toc?.map(\.title) == ["One: The Keeper", "Two: The Storm"])
        #expect(TimingValidation.problem(in: manifest) == nil)
        for (entry, timing) in zip(manifest.chapters, book.chapters) {
            #expect(TimingValidation.problem(in: timing) == nil)
            #expect(timing.chapter.title == entry.title && timing.audio.file == entry.audio && timing.version == 1)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: GoldenRender.file(entry.timing)))
            #expect(try JSONCoding.data(timing) == bytes, "\(entry.timing) re-encoded differs from the file")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: GoldenRender.file("book.json")))
        #expect(try JSONCoding.data(manifest, pretty: true) == bytes, "book.json re-encoded differs from the file")
    }

    @Test("a single sidecar loads without its book.json")
    func singleSidecar() throws {
        let book = try RenderedBook.load(GoldenRender.file("002-two-the-storm.timing.json"))
        #expect(book.manifest == nil && book.chapters.count == 1 && book.chapter(2)?.chapter.title == "Two: The Storm")
        #expect(book.folder == GoldenRender.folder)
    }

    @Test("foreign, newer, damaged and missing files are refused with their kind")
    func refusals() throws {
        let folder = try GoldenRender.copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sidecar = folder + "/001-one-the-keeper.timing.json"
        let original = try JSONDecoder().decode(ChapterTiming.self, from: Data(contentsOf: URL(fileURLWithPath: sidecar)))

        func refusal(_ write: () throws -> Void) throws -> OwnFileError.Kind? {
            try write()
            defer { try? JSONCoding.data(original).write(to: URL(fileURLWithPath: sidecar)) }
            return (#expect(throws: OwnFileError.self) { try RenderedBook.load(folder) })?.kind
        }
        #expect(try refusal { try Data(#"{"format":"something-else","version":1}"#.utf8).write(to: URL(fileURLWithPath: sidecar)) } == .missingField)
        var foreign = original
        foreign.format = "something-else"
        #expect(try refusal { try JSONCoding.data(foreign).write(to: URL(fileURLWithPath: sidecar)) } == .wrongFormat)
        var newer = original
        newer.version = ChapterTiming.currentVersion + 1
        #expect(try refusal { try JSONCoding.data(newer).write(to: URL(fileURLWithPath: sidecar)) } == .newerVersion)
        var backwards = original
        backwards.sentences[1].begin = Seconds(backwards.sentences[1].end.value + 1)
        #expect(try refusal { try JSONCoding.data(backwards).write(to: URL(fileURLWithPath: sidecar)) } == .invalid)
        var other = original
        other.chapter.index = 2
        #expect(try refusal { try JSONCoding.data(other).write(to: URL(fileURLWithPath: sidecar)) } == .mismatch)
        #expect(try refusal { try Data("not json".utf8).write(to: URL(fileURLWithPath: sidecar)) } == .notJSON)
        #expect(try refusal { try FileManager.default.removeItem(atPath: sidecar) } == .notFound)
        #expect(try RenderedBook.load(folder).chapters.count == 2, "the restored copy reads again")
    }

    @Test("FileManager's look refuses a folder or a FIFO before reading it, and a file over its cap")
    func fileAccess() throws {
        let folder = try GoldenRender.copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sidecar = folder + "/001-one-the-keeper.timing.json"
        try FileManager.default.removeItem(atPath: sidecar)
        try FileManager.default.createDirectory(atPath: sidecar, withIntermediateDirectories: false)
        #expect((#expect(throws: OwnFileError.self) { try RenderedBook.load(folder) })?.kind == .notAFile)
        try FileManager.default.removeItem(atPath: sidecar)
        #expect(mkfifo(sidecar, 0o644) == 0)
        #expect((#expect(throws: OwnFileError.self) { try RenderedBook.load(folder) })?.kind == .notAFile)
        let tiny = OwnFile.Limit(what: "book.json", ceiling: 100, expansion: 1)
        #expect((#expect(throws: OwnFileError.self) { try OwnFile.read(folder + "/book.json", limit: tiny) })?.kind == .tooLarge)
        #expect(try OwnFile.read(folder + "/book.json", limit: .manifest).count > 100)
    }
}
