import Foundation
import Testing
@testable import FollowRender

/// Warnings are typed values (`RenderWarning`) carried by the render job's one
/// event stream, and `--strict` refuses on exactly the faults among them
/// (`StrictPolicy`). The tests match kinds and severities, never prose.
@Suite("Typed warnings and --strict", .serialized)
struct RenderWarningTests {
    /// Runs a render job on `book` into a fresh folder, returning the warnings
    /// it reported and the error it stopped with (nil when it did not throw).
    private static func run(_ book: String, strict: Bool, lexicons: [String] = [],
                            name: String = #function) throws -> (warnings: [RenderWarning], error: (any Error)?, out: String) {
        let folder = try TestPaths.temporaryFolder(name)
        var settings = ChapterSettings(rateName: "4x", speed: 4, wpm: 686, voice: "en")
        settings.lexicons = lexicons
        let options = BookRenderOptions(bookPath: book, settings: settings, folder: .path(folder + "/out"), strict: strict,
                                    workerExecutable: TestPaths.cli)
        let warnings = Locked<[RenderWarning]>([])
        do {
            _ = try BookRenderJob(options: options).run { event in
                if case let .warning(warning) = event { warnings.update { $0.append(warning) } }
            }
            return (warnings.value, nil, folder + "/out")
        } catch {
            return (warnings.value, error, folder + "/out")
        }
    }

    @Test("a corpus book whose table of contents points at a missing file gives one book fault, and --strict refuses on it")
    func corpusBookFault() throws {
        let book = TestPaths.corpusFile("bad/ncx-missing-resource-error.epub")
        let run = try Self.run(book, strict: true)
        #expect(run.warnings.map(\.kind) == [.book(.navigationMissingFile)])
        #expect(run.warnings.allSatisfy { $0.severity == .fault && $0.file == book })
        let failure = try #require(run.error as? RenderError)
        #expect(failure.kind == .strict)
        #expect(failure.file == book)
        #expect(!FileManager.default.fileExists(atPath: run.out + "/book.json"), "nothing is rendered")
    }

    @Test("every bad corpus book that is read anyway reports only book faults when opened, each one --strict refuses")
    func corpusFaultsAreBookFaults() throws {
        for book in try TestPaths.corpusFiles("bad") {
            var warnings: [RenderWarning] = []
            // A book refused outright (an error, not a warning) is CLIMessagesTests' to pin.
            guard (try? BookOpener.open(book, warn: { warnings.append($0) })) != nil else { continue }
            #expect(!warnings.isEmpty, "\(book) is in bad/ for a fault")
            for warning in warnings {
                guard case .book = warning.kind else { Issue.record("\(book): \(warning.kind)"); continue }
                #expect(warning.severity == .fault)
            }
            #expect(throws: RenderError.self) { try StrictPolicy(strict: true, book: book).check(warnings) }
            #expect(throws: Never.self) { try StrictPolicy(strict: false, book: book).check(warnings) }
        }
    }

    @Test("a lexicon with a bad line gives one malformed-entry fault naming the lexicon, and --strict refuses before rendering")
    func lexiconBadLine() throws {
        let book = try LexiconBook.write()
        let lexicon = try TestPaths.temporaryFolder() + "/names.tsv"
        try Data("Niamh\tNeeve\nthis line has no tab\n".utf8).write(to: URL(fileURLWithPath: lexicon))
        let run = try Self.run(book, strict: true, lexicons: [lexicon])
        let lexiconWarnings = run.warnings.filter { $0.file == lexicon }
        #expect(lexiconWarnings.map(\.kind) == [.pronunciation(.malformed)])
        #expect(lexiconWarnings.first?.severity == .fault)
        let failure = try #require(run.error as? RenderError)
        #expect(failure.kind == .strict)
        #expect(!FileManager.default.fileExists(atPath: run.out + "/book.json"), "nothing is rendered")
    }

    @Test("--strict refuses on faults only: a notice (a cover too large for the chapter tags) never fails a render")
    func noticesNeverRefuse() throws {
        let book = TestPaths.sampleBook
        let cover = try #require(AudioTags.coverWarning(size: 3 << 20, audiobook: false))
        let notice = RenderWarning(cover, book: book, severity: .notice)
        #expect(notice.kind == .book(.coverTooLarge))
        #expect(throws: Never.self) { try StrictPolicy(strict: true, book: book).check([notice]) }
        let skipped = RenderWarning.skipped(chapter: 3, href: "c3.xhtml", reason: "the worker crashed", book: book)
        #expect(skipped.kind == .skippedChapter)
        let failure = #expect(throws: RenderError.self) {
            try StrictPolicy(strict: true, book: book).check([notice, skipped])
        }
        #expect(failure?.kind == .strict)
        #expect(failure?.reason.hasSuffix(skipped.text) == true, "the refusal names the first fault")
    }
}
