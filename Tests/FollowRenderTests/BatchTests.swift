import Foundation
import Testing
@testable import FollowRender

@Suite("Batch rendering of many books", .serialized)
struct BatchTests {
    @Test("a batch renders every good book byte-identically to a single render, records the bad one and exits 1")
    func batchMatchesSingleRenders() throws {
        let fixture = try BatchFixture()
        let root = fixture.folder + "/out"
        let run = try fixture.batch(root: root, ["--jobs", "2"])
        #expect(run.status == 1, "\(run.stderr)")
        let report = try BatchFixture.report(root)
        #expect(report.total == 5)
        #expect(report.succeeded == 4)
        #expect(report.failed == 1)
        let broken = try #require(report.books.first { $0.slug == "broken" })
        #expect(broken.status == .failed)
        #expect(broken.error?.kind == .book(.notAnEPUB))
        #expect(broken.error?.causes?.last?.kind == "library.libzip", "the book's own error, down to libzip's code")
        #expect(!FileManager.default.fileExists(atPath: root + "/broken"))
        let warned = try #require(report.books.first { $0.slug == "nav-toc-missing-error" })
        #expect(warned.status == .ok)
        #expect(warned.warnings.count == 1)
        for book in BatchFixture.goodBooks {
            let outcome = try #require(report.books.first { $0.path == book })
            let single = fixture.folder + "/single-" + outcome.slug
            let alone = try CommandRun.cli([book, "--out", single, "--quiet"] + BatchFixture.renderOptions)
            #expect(alone.status == 0)
            let batched = try BatchFixture.contents(of: root + "/" + outcome.slug)
            #expect(!batched.isEmpty)
            #expect(batched == (try BatchFixture.contents(of: single)), "\(outcome.slug) differs from its single render")
            #expect(outcome.duration == (try RenderedFolder.load(single, run: alone)).manifest.duration)
        }
    }

    @Test("--dry-run prints each task's books with estimates and renders nothing")
    func dryRun() throws {
        let fixture = try BatchFixture()
        let root = fixture.folder + "/out"
        let run = try CommandRun.cli(["batch", fixture.list, "--out-root", root, "--dry-run", "--task-count", "3", "--task-index", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Task 0 of 3") && run.stdout.contains("Task 1 of 3 (this task)") && run.stdout.contains("Task 2 of 3"))
        for slug in ["hefty-water", "trees", "sample-book", "nav-toc-missing-error", "broken"] {
            #expect(run.stdout.components(separatedBy: "  \(slug) ").count == 2, "\(slug) should be planned exactly once")
        }
        #expect(run.stdout.contains("unreadable"))
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    @Test("--strict fails a book with a recoverable fault, as it fails a single render")
    func strictFailsWarnedBooks() throws {
        let fixture = try BatchFixture(books: [BatchFixture.goodBooks[3]], withBroken: false)
        let root = fixture.folder + "/out"
        #expect(try fixture.batch(root: root, []).status == 0)
        #expect(try fixture.batch(root: root, ["--strict"]).status == 1)
        let outcome = try #require(try BatchFixture.report(root).books.first)
        #expect(outcome.status == .failed)
        #expect(outcome.error?.kind == .render(.strict))
    }

    @Test("an interrupted batch resumes without rendering its finished books again")
    func interruptAndResume() throws {
        let fixture = try BatchFixture(books: Array(BatchFixture.goodBooks.prefix(3)), withBroken: false)
        let root = fixture.folder + "/out"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.cli)
        process.arguments = ["batch", fixture.list, "--out-root", root, "--quiet", "--jobs", "1"] + BatchFixture.renderOptions
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let results = root + "/.batch"
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline, ((try? FileManager.default.contentsOfDirectory(atPath: results)) ?? []).isEmpty {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(process.isRunning, "the batch finished before it could be interrupted")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let finished = try FileManager.default.contentsOfDirectory(atPath: results).filter { $0.hasSuffix(".json") }
        #expect(finished.count >= 1 && finished.count < 3, "\(finished)")
        let slugs = finished.map { String($0.dropLast(5)) }
        let audio = try slugs.flatMap { slug in
            try FileManager.default.contentsOfDirectory(atPath: root + "/" + slug).filter { $0.hasSuffix(".mp3") }
                .map { root + "/" + slug + "/" + $0 }
        }
        let before = try audio.map(BatchFixture.stamp)

        let resumed = try fixture.batch(root: root, ["--jobs", "1"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try audio.map(BatchFixture.stamp) == before, "finished books were rendered again")
        let report = try BatchFixture.report(root)
        #expect(report.succeeded == 3)
        for outcome in report.books where slugs.contains(outcome.slug) {
            #expect(outcome.renderedChapters == 0)
            #expect(outcome.keptChapters == outcome.chapters)
        }
        let fresh = fixture.folder + "/fresh"
        #expect(try fixture.batch(root: fresh, ["--jobs", "2"]).status == 0)
        for outcome in report.books {
            #expect(try BatchFixture.contents(of: root + "/" + outcome.slug) == BatchFixture.contents(of: fresh + "/" + outcome.slug))
        }
    }

    @Test("three tasks cover every book exactly once, and their merged report equals a one-process batch's")
    func tasksPartitionTheList() throws {
        let fixture = try BatchFixture()
        let root = fixture.folder + "/tasks"
        var seen: [String] = []
        for task in 0..<3 {
            let run = try fixture.batch(root: root, ["--task-index", "\(task)", "--task-count", "3", "--jobs", "1"])
            #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/batch.json"), "a task of several wrote the report")
            let all = try FileManager.default.contentsOfDirectory(atPath: root + "/.batch").filter { $0.hasSuffix(".json") }
            let new = all.filter { !seen.contains($0) }
            #expect(!new.isEmpty, "task \(task) rendered nothing")
            seen += new
        }
        #expect(seen.count == 5)
        #expect(Set(seen).count == 5)
        let merged = try fixture.batch(root: root, ["--report"])
        #expect(merged.status == 1)
        let single = fixture.folder + "/single"
        #expect(try fixture.batch(root: single, ["--jobs", "2"]).status == 1)
        #expect(BatchFixture.timeless(try BatchFixture.report(root)) == BatchFixture.timeless(try BatchFixture.report(single)))
    }
}
