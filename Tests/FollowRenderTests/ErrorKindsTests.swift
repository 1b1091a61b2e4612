import Foundation
import Testing
@testable import FollowRender

/// The library's errors carry a kind a caller can switch on, the file, and the
/// error that caused them; the one-line messages are pinned by `CLIMessagesTests`.
@Suite("Errors carry a kind, the file and the cause")
struct ErrorKindsTests {
    @Test("a missing book, a file that is not a ZIP and a folder without a package are told apart by kind")
    func bookKinds() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notZip = folder + "/not-a-book.epub"
        try Data("plain text".utf8).write(to: URL(fileURLWithPath: notZip))
        let cases: [(String, BookError.Kind)] = [(folder + "/missing.epub", .notFound), (notZip, .notAnEPUB), (folder, .notAnEPUB)]
        for (path, kind) in cases {
            let failure = #expect(throws: BookError.self) { try BookOpener.open(path) { _ in } }
            #expect(failure?.file == path)
            #expect(failure?.kind == kind, "\(path): \(failure?.reason ?? "")")
        }
    }

    @Test("malformed XML is a malformed-kind error naming the document and the line")
    func malformedXML() throws {
        let error = #expect(throws: BookError.self) { try XMLDocument(data: Data("<a>\n<b></a>".utf8), path: "EPUB/x.xhtml") }
        #expect(error?.kind == .malformed)
        #expect(error?.file == "EPUB/x.xhtml")
        #expect(error?.line == 2)
    }

    @Test("an unusable rendered folder is told apart by kind: missing, foreign JSON, newer version")
    func renderedBookKinds() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect((#expect(throws: OwnFileError.self) { try RenderedBook.load(folder + "/nothing") })?.kind == .notFound)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: folder + "/book.json"))
        #expect((#expect(throws: OwnFileError.self) { try RenderedBook.load(folder) })?.kind == .notJSON)
        let golden = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("golden/book.json"))
        let newer = String(decoding: golden, as: UTF8.self).replacingOccurrences(of: #""version" : 3"#, with: #""version" : 99"#)
        try Data(newer.utf8).write(to: URL(fileURLWithPath: folder + "/book.json"))
        #expect((#expect(throws: OwnFileError.self) { try RenderedBook.load(folder) })?.kind == .newerVersion)
    }

    @Test("a voice that is not installed stops a render job before anything is written, as a speech error")
    func missingVoice() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686, voice: "no-such-voice")
        let options = BookRenderOptions(bookPath: TestPaths.sampleBook, settings: settings, folder: .path(folder + "/out"),
                                    workerExecutable: TestPaths.cli)
        let failure = #expect(throws: RenderError.self) { try BookRenderJob(options: options).run { _ in } }
        #expect(failure?.kind == .speech)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test("a folder that is no render, a missing book list and an impossible task are told apart by kind")
    func outputKinds() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let web = #expect(throws: RenderError.self) { try WebPlayer(folder: folder, details: nil).write() }
        #expect(web?.kind == .unreadableInput)
        #expect(web?.file?.hasPrefix(folder) == true)
        let list = #expect(throws: RenderError.self) { try BookList.read(folder + "/no-list.txt") }
        #expect(list?.kind == .unreadableInput)
        #expect(list?.description == folder + "/no-list.txt: no such file or folder")
        let task = #expect(throws: SettingError.self) { try BatchTask.resolve(index: 0, count: 0, environment: [:]) }
        #expect(task?.setting == .taskCount)
        #expect(task?.description.contains("\(Setting.taskCount)") == true)
    }
}
