import Foundation
import Testing
@testable import FollowRender

/// Classes 5 (the --jobs cap), 6 and 7 of issue #17: SIGHUP is a clean stop,
/// every warning names its file, the last line of a refusal is its reason.
@Suite("Signals, notes and honest messages", .serialized)
struct ReliabilityTests {
    private let book = TestPaths.book("alice-in-wonderland-epub2.epub")

    /// A running render with its stderr collected.
    private struct Running {
        let process = Process()
        let errors = Pipe()
        let output = Pipe()

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: TestPaths.cli)
            process.arguments = arguments
            process.standardError = errors
            process.standardOutput = output
            try process.run()
        }

        /// Waits until `condition` holds or two minutes pass.
        func wait(until condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(120)
            while process.isRunning, Date() < deadline, !condition() { Thread.sleep(forTimeInterval: 0.02) }
        }

        /// The process ids of its worker processes.
        var workers: [Int32] { Self.children(of: process.processIdentifier) }

        /// The workers' own children: the processes each forks for the job it runs.
        var jobs: [Int32] { workers.flatMap(Self.children(of:)) }

        private static func children(of pid: Int32) -> [Int32] {
            let tasks = "/proc/\(pid)/task"
            return ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).flatMap { task in
                ((try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? "")
                    .split(separator: " ").compactMap { Int32($0) }
            }
        }

        func finish() -> (status: Int32, stderr: String) {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        /// What it printed on standard output, once finished.
        var stdout: String { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
    }

    private func partials(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".partial-") }
    }

    @Test("SIGHUP stops a render like SIGTERM: workers stopped, temporary files removed, exit 129")
    func hangup() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try Running([book, "--out", folder, "--quiet", "--rate", "4x", "--chapters", "4-7", "--jobs", "1"])
        render.wait { !partials(in: folder).filter { !$0.hasPrefix(".book.") }.isEmpty }
        #expect(render.process.isRunning)
        kill(render.process.processIdentifier, SIGHUP)
        let (status, stderr) = render.finish()
        #expect(status == 129)
        #expect(stderr.split(separator: "\n").last?.contains("interrupted: kept") == true, "\(stderr)")
        #expect(partials(in: folder).isEmpty)
    }

    @Test("a killed worker's warning names the book and the chapter, and the reason comes last")
    func killedWorker() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try Running([TestPaths.sampleBook, "--out", folder, "--rate", "1x", "--jobs", "1", "--chapters", "1"])
        // A worker waits warm for work before it forks the job's process: kill it once the job runs.
        render.wait { !render.jobs.isEmpty }
        for worker in render.workers { kill(worker, SIGKILL) }
        let (status, stderr) = render.finish()
        #expect(status == 1)
        let warning = stderr.split(separator: "\n").first { $0.contains("warning") }
        #expect(warning?.hasPrefix("follow-render: warning: \(TestPaths.sampleBook): chapter 1 (OEBPS/chapter-1.xhtml): skipped: ") == true,
                "\(stderr)")
        #expect(stderr.split(separator: "\n").last?.contains("no chapter could be rendered") == true, "\(stderr)")
        #expect(partials(in: folder).isEmpty)
    }

    /// Renders chapters 1 and 2 of the sample book into `folder` with one worker and kills the first chapter's
    /// job process (stopped first, so it cannot finish in between): that chapter's worker fails, the other's succeeds.
    /// Returns the exit status, stderr, stdout and the number of the chapter whose worker failed.
    private func renderFailingOneChapter(into folder: String, _ extra: [String]) throws -> (status: Int32, stderr: String, stdout: String, failed: Int?) {
        let render = try Running([TestPaths.sampleBook, "--out", folder, "--rate", "1x", "--jobs", "1", "--chapters", "1-2"] + extra)
        render.wait { !render.jobs.isEmpty }
        let jobs = render.jobs
        #expect(!jobs.isEmpty, "no job process seen")
        for job in jobs { kill(job, SIGSTOP) }
        for job in jobs { kill(job, SIGKILL) }
        let (status, stderr) = render.finish()
        let prefix = "follow-render: warning: \(TestPaths.sampleBook): chapter "
        let warning = stderr.split(separator: "\n").first { $0.hasPrefix(prefix) && $0.contains("skipped: ") }
        return (status, stderr, render.stdout, warning.flatMap { Int($0.dropFirst(prefix.count).prefix { $0.isNumber }) })
    }

    @Test("without --strict a chapter whose worker fails is skipped with one warning, and the other chapter and the playlist are written")
    func oneWorkerFails() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try renderFailingOneChapter(into: folder + "/out", [])
        let failed = try #require(run.failed, "no skipped-chapter warning: \(run.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("warning") }.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("Skipped chapter \(failed) (OEBPS/chapter-\(failed).xhtml): worker stopped by signal \(SIGKILL)"), "\(run.stderr)")
        #expect(run.stdout == folder + "/out\n")
        let manifest = try OwnFiles.manifest(in: folder + "/out")
        #expect(manifest.chapters.map(\.index) == [3 - failed] && manifest.skipped.map(\.index) == [failed])
        #expect(FileManager.default.fileExists(atPath: folder + "/out/" + OutputNaming.playlistFile))
        #expect(partials(in: folder + "/out").isEmpty)
    }

    @Test("with --strict a chapter whose worker fails refuses the book in one last line naming it; the other chapter is kept for a rerun, with no playlist or summary")
    func oneWorkerFailsStrict() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let run = try renderFailingOneChapter(into: out, ["--strict"])
        let failed = try #require(run.failed, "no skipped-chapter warning: \(run.stderr)")
        #expect(run.status == 1)
        let last = run.stderr.split(separator: "\n").last ?? ""
        #expect(last.hasPrefix("follow-render: \(TestPaths.sampleBook): refused with --strict: chapter \(failed) (OEBPS/chapter-\(failed).xhtml): skipped: worker stopped by signal \(SIGKILL)"),
                "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "refused").count == 2, "one refusal line: \(run.stderr)")
        #expect(!run.stderr.contains("Rendered ") && !run.stderr.contains("are in"), "no summary of a refused book: \(run.stderr)")
        #expect(run.stdout.isEmpty, "no folder printed for a refused book: \(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out + "/" + OutputNaming.playlistFile))
        #expect(partials(in: out).isEmpty)
        // What finished is kept, as after an interruption, and a rerun without --strict resumes from it.
        let manifest = try OwnFiles.manifest(in: out)
        #expect(manifest.chapters.map(\.index) == [3 - failed] && manifest.skipped.map(\.index) == [failed])
        let rerun = try CommandRun.cli([TestPaths.sampleBook, "--out", out, "--rate", "1x", "--jobs", "1", "--chapters", "1-2"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stderr.contains("Kept 1 chapter from the last run"), "\(rerun.stderr)")
        #expect(try OwnFiles.manifest(in: out).chapters.map(\.index) == [1, 2])
    }

    @Test("an interrupted --epub without --out does not claim chapters were kept in the removed temporary folder")
    func interruptedEPUB() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try Running([book, "--epub", folder + "/out.epub", "--quiet", "--rate", "4x", "--chapters", "4-7", "--jobs", "1"])
        render.wait { !render.workers.isEmpty }
        Thread.sleep(forTimeInterval: 0.3)
        render.process.interrupt()
        let (status, stderr) = render.finish()
        #expect(status == 130)
        #expect(stderr.contains("interrupted: nothing was kept"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a package document listed in the spine as XHTML is not narrated, with a warning")
    func packageInSpine() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = EPUBTestSupport.minimalBook(manifestExtra: "<item id=\"opf\" href=\"package.opf\" media-type=\"application/xhtml+xml\"/>")
        files = files.map { path, data in
            guard path == "EPUB/package.opf" else { return (path, data) }
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<itemref idref=\"ch2\"/>",
                                                                                   with: "<itemref idref=\"ch2\"/><itemref idref=\"opf\"/>")
            return (path, Data(text.utf8))
        }
        let path = try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/book.epub")).path
        let run = try CommandRun.cli(["inspect", path, "--json"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("EPUB/package.opf: the package document is listed in the spine"), "\(run.stderr)")
        let report = try JSONCoding.decode(BookInspection.self, from: Data(run.stdout.utf8))
        #expect(report.chapters.map(\.href) == ["EPUB/text/chapter 1.xhtml", "EPUB/text/ch2.xhtml"])
    }

    @Test("--jobs beyond the cores or the memory is lowered, with a note")
    func jobsCap() {
        let cores = JobsCap(cores: 2, availableBytes: 64 << 30).cap(16)
        #expect(cores.jobs == 2)
        #expect(cores.note?.contains("2 cores") == true)
        let memory = JobsCap(cores: 8, availableBytes: 600 << 20).cap(8)
        #expect(memory.jobs == 2)
        #expect(memory.note?.contains("memory") == true)
        #expect(JobsCap(cores: 4, availableBytes: nil).cap(3) == (3, nil))
    }

    @Test("a refusal after warnings ends with its reason on the last line")
    func refusalLast() throws {
        let run = try CommandRun.cli(["inspect", TestPaths.corpus.appendingPathComponent("bad/opf-spine-itemref-repeated-error.epub").path])
        let strict = try CommandRun.cli([TestPaths.corpus.appendingPathComponent("bad/opf-spine-itemref-repeated-error.epub").path,
                                         "--strict", "--quiet", "--out", try TestPaths.temporaryFolder() + "/out"])
        #expect(run.stderr.contains("warning"))
        #expect(strict.status == 1)
        #expect(strict.stderr.split(separator: "\n").last?.contains("refused with --strict") == true, "\(strict.stderr)")
    }
}
