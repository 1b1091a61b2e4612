import Foundation
import Testing
@testable import FollowRender

@Suite("Batch planning: lists, slugs, tasks and the partition")
struct BatchPlanTests {
    @Test("a batch book is rendered with the single render's options, only its path, folder and output names set")
    func renderOptionsDerived() throws {
        var settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686, voice: "en+m1")
        settings.lexicons = ["/lexicons/names.tsv"]
        let template = BookRenderOptions(bookPath: "", settings: settings, folder: .path("/root"),
                                     selection: try #require(ChapterSelection("2-3")), jobs: 3, force: true, strict: true,
                                     sync: [.vtt], epub: .init(path: "read-aloud.epub", granularity: .word), matter: .body,
                                     web: true, audiobook: .init(path: "book.m4b", library: "/library"),
                                     tracks: .init(folder: "tracks", depth: 2), workerExecutable: "/bin/worker")
        let book = BatchOptions(template).renderOptions(bookPath: "/books/a.epub", folder: "/root/a")
        #expect(book.bookPath == "/books/a.epub")
        #expect(book.folder == .path("/root/a"))
        #expect(book.epub == .init(path: "/root/a/read-aloud.epub", granularity: .word))
        #expect(book.audiobook?.path == "/root/a/book.m4b" && book.audiobook?.library == "/library")
        #expect(book.tracks?.folder == "/root/a/tracks" && book.tracks?.depth == 2)
        #expect(book.settings == settings && book.selection == template.selection && book.jobs == 3)
        #expect(book.force && book.strict && book.web && book.sync == [.vtt] && book.matter == .body)
        #expect(book.workerExecutable == "/bin/worker")
        #expect(BatchOptions(BookRenderOptions(bookPath: "", settings: settings, jobs: 0)).jobs == 1)
    }

    @Test("slugs come from file names, and colliding names get a hash of their path")
    func slugs() {
        let slugs = BookSlug.make(["/a/Moby Dick.epub", "/b/moby-dick.epub", "/c/Été 1925.epub", "/d/.epub", "/e/x"])
        #expect(slugs[0].hasPrefix("moby-dick-") && slugs[0].count == "moby-dick-".count + 8)
        #expect(slugs[1].hasPrefix("moby-dick-") && slugs[0] != slugs[1])
        #expect(slugs[2] == "t-1925")
        #expect(slugs[3] == "epub")
        #expect(slugs[4] == "x")
        #expect(BookSlug.make(["/b/moby-dick.epub", "/a/Moby Dick.epub"]) == [slugs[1], slugs[0]])
    }

    @Test("the task comes from the flags, else from a Slurm array's environment, else 0 of 1")
    func taskResolution() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_COUNT": "4"]
        #expect(try BatchTask.resolve(index: nil, count: nil, environment: slurm) == BatchTask(index: 2, count: 4))
        #expect(try BatchTask.resolve(index: 1, count: 2, environment: slurm) == BatchTask(index: 1, count: 2))
        #expect(try BatchTask.resolve(index: nil, count: nil, environment: [:]) == BatchTask(index: 0, count: 1))
        let outside = #expect(throws: SettingError.self) { try BatchTask.resolve(index: 3, count: 3, environment: [:]) }
        #expect(outside?.setting == .taskIndex)
    }

    @Test("the partition gives every book to exactly one task, balanced by estimated duration, the same every time")
    func partition() {
        let sizes: [Double] = [70_000, 22_000, 16_600, 16_400, 11_800, 8_200, 4_800, 2_600, 2_400, 1_200, 300, 180, 120]
        let entries = sizes.enumerated().map { BatchPlan.Entry(path: "/b/\($0.offset)", slug: "book-\($0.offset)", estimatedSeconds: $0.element) }
        let plan = BatchPlan(entries: entries.reversed())
        let tasks = plan.partition(3)
        #expect(tasks.flatMap { $0 }.map(\.slug).sorted() == entries.map(\.slug).sorted())
        #expect(tasks.map { $0.map(\.slug) } == BatchPlan(entries: entries).partition(3).map { $0.map(\.slug) })
        let loads = tasks.map(BatchPlan.audio(of:))
        let rest = sizes.reduce(0, +) - sizes[0]
        #expect(loads.contains(sizes[0]), "the longest book should be a task of its own")
        #expect(loads.filter { $0 != sizes[0] }.allSatisfy { abs($0 - rest / 2) < sizes[1] })
        #expect(tasks.allSatisfy { $0.map(\.estimatedSeconds) == $0.map(\.estimatedSeconds).sorted(by: >) })
    }

    @Test("a folder is walked for EPUB, text, Markdown and PDF files and unpacked EPUB folders, sorted")
    func folderWalk() throws {
        let folder = try TestPaths.temporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/shelf/unpacked/META-INF", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder + "/shelf/unpacked/META-INF/container.xml"))
        try Data().write(to: URL(fileURLWithPath: folder + "/b.epub"))
        try Data().write(to: URL(fileURLWithPath: folder + "/shelf/a.EPUB"))
        try Data().write(to: URL(fileURLWithPath: folder + "/notes.md"))
        try Data().write(to: URL(fileURLWithPath: folder + "/cover.jpg"))
        let books = try BookList.read(folder)
        #expect(books == [folder + "/b.epub", folder + "/notes.md", folder + "/shelf/a.EPUB", folder + "/shelf/unpacked"])
        let empty = #expect(throws: RenderError.self) { try BookList.read(folder + "/shelf/unpacked/META-INF") }
        #expect(empty?.kind == .unreadableInput)
    }
}
