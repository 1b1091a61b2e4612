import Foundation
import Synchronization

/// Renders shared by every test and suite that needs the same book with the
/// same options (issue 25: the suite's time is the CPU of what it runs): the
/// first caller renders into a temporary folder, every later caller with the
/// same book, arguments and audiobook name gets that folder, waiting while it
/// is being rendered. A shared folder is read-only for its users; a test that
/// damages, resumes or removes its render makes its own with `RenderedFolder.render`
/// (or copies the shared folder first, as `AudiobookTests` does).
enum SharedRender {
    /// One render: nil until its first caller has rendered it.
    private final class Slot<Value: Sendable>: Sendable {
        let result = Mutex<Result<Value, any Error>?>(nil)
    }

    private static let slots = Mutex<[[String]: Slot<RenderedFolder>]>([:])
    private static let wholeSlots = Mutex<[String: Slot<WholeBook>]>([:])

    /// The slot of `key` in `slots`, made on first use.
    private static func slot<Key: Hashable & Sendable, Value: Sendable>(for key: Key, in slots: borrowing Mutex<[Key: Slot<Value>]>) -> Slot<Value> {
        slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot<Value>()
            slots[key] = slot
            return slot
        }
    }

    /// `book` rendered with `arguments` (and `--audiobook` to that file name in the folder), once per process.
    static func render(_ book: String, _ arguments: [String], audiobook: String? = nil) throws -> RenderedFolder {
        let key = [book, audiobook ?? ""] + arguments
        let slot = slot(for: key, in: slots)
        return try once(slot) {
            let name = "shared-" + URL(fileURLWithPath: book).deletingPathExtension().lastPathComponent
            return try RenderedFolder.render(book, arguments, audiobook: audiobook, name: name)
        }
    }

    /// A corpus book rendered whole at 4x, with what each suite that needs the
    /// whole book at that rate reads: the render is made as `SweepTests`
    /// renders, into `out` inside an otherwise empty `sandbox` folder, `out`
    /// holding a file `marker` before the render (the sweep checks that the
    /// run kept it and wrote nothing beside `out`); with the read-aloud EPUB
    /// (`--epub out/book.epub`, for `OverlayTests`) and, for the books of
    /// ``wholeBookAudiobooks``, a single file (`--audiobook out/NAME`, for
    /// `AudiobookTests`), and ``wholeBookOptions``.
    struct WholeBook: Sendable {
        var sandbox: String
        var render: RenderedFolder
        var epub: String
    }

    /// The corpus books rendered whole by more than one suite: the three
    /// one-file books, whose one narrated chapter is the sweep's smallest and
    /// the overlay test's short selection alike (`GeorgiaPronunciationTests`
    /// renders georgia whole too), and Alice, which `OverlayTests` and
    /// `AudiobookTests` render whole. Each cost 15–95 CPU-s per render on the
    /// debug CLI (the 2026-12-07 profile); shared, each is spoken once.
    static let wholeBooks: Set<String> = [
        "alice-in-wonderland-epub2.epub", "childrens-literature.epub", "georgia-pls-ssml.epub", "regime-anticancer-arabic.epub",
    ]

    /// The single file rendered with a whole book, by book.
    static let wholeBookAudiobooks = ["alice-in-wonderland-epub2.epub": "book.m4b"]

    /// Further options of a whole book's render, by book: georgia's web player
    /// pages, for `WebPlayerTests.longChapter` (its one chapter is 11,094 words).
    static let wholeBookOptions = ["georgia-pls-ssml.epub": ["--web"]]

    /// Corpus book `name` (one of ``wholeBooks``) rendered whole at 4x, once per process.
    static func wholeBook(_ name: String) throws -> WholeBook {
        precondition(wholeBooks.contains(name), "\(name) is not one of SharedRender.wholeBooks")
        let slot = slot(for: name, in: wholeSlots)
        return try once(slot) {
            let sandbox = try TestPaths.temporaryFolder("whole-" + name)
            let out = sandbox + "/out"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/marker"))
            let epub = out + "/book.epub"
            let render = try RenderedFolder.render(TestPaths.book(name), ["--rate", "4x", "--jobs", "2", "--epub", epub] + (wholeBookOptions[name] ?? []),
                                                   audiobook: wholeBookAudiobooks[name], in: out)
            return WholeBook(sandbox: sandbox, render: render, epub: epub)
        }
    }

    /// The slot's value, made by `make` by its first caller.
    private static func once<Value: Sendable>(_ slot: Slot<Value>, _ make: () throws -> Value) throws -> Value {
        try slot.result.withLock { result in
            if result == nil { result = Result { try make() } }
            return result!
        }.get()
    }
}
