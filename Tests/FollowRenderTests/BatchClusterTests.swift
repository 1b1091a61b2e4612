import Foundation
import Testing
@testable import FollowRender

/// The same batch command as the tasks of GNU parallel and of a real Slurm
/// job array on this machine.
@Suite("Batch rendering under GNU parallel and Slurm", .serialized)
struct BatchClusterTests {
    private static let books = [TestPaths.book("hefty-water.epub"), TestPaths.sampleBook,
                                TestPaths.corpus.appendingPathComponent("bad/nav-toc-missing-error.epub").path]

    /// Whether this machine can run the private Slurm cluster: root and the Slurm daemons.
    static let slurmAvailable = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/slurmctld")
        && FileManager.default.isExecutableFile(atPath: "/usr/sbin/slurmd") && FileManager.default.isExecutableFile(atPath: "/usr/sbin/munged")

    @Test("GNU parallel runs two tasks of a batch, and the merged report lists every book rendered")
    func gnuParallel() throws {
        let fixture = try BatchFixture(books: Self.books, withBroken: false)
        let root = fixture.folder + "/out"
        let command = [TestPaths.cli, "batch", fixture.list, "--out-root", root, "--quiet", "--jobs", "1",
                       "--task-index", "{}", "--task-count", "2"] + BatchFixture.renderOptions
        let run = try CommandRun.run("/usr/bin/parallel", ["--will-cite", "-j", "2", "--halt", "never"] + command + [":::", "0", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let merged = try fixture.batch(root: root, ["--report"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let report = try BatchFixture.report(root)
        #expect(report.total == 3)
        #expect(report.succeeded == 3)
        let alone = try CommandRun.cli([Self.books[0], "--out", fixture.folder + "/single", "--quiet"] + BatchFixture.renderOptions)
        #expect(alone.status == 0)
        #expect(try BatchFixture.contents(of: root + "/hefty-water") == BatchFixture.contents(of: fixture.folder + "/single"))
    }

    @Test("a Slurm job array (sbatch --array=0-2 --wait) on a private single-node cluster renders the batch",
          .enabled(if: slurmAvailable, "needs root and slurm-wlm + munge"))
    func slurmArray() throws {
        let fixture = try BatchFixture(books: Self.books, withBroken: false)
        let cluster = fixture.folder + "/slurm"
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/slurm-local.sh").path
        let started = try CommandRun.run(script, ["start", cluster])
        defer { _ = try? CommandRun.run(script, ["stop", cluster]) }
        try #require(started.status == 0, "the private Slurm cluster did not start: \(started.stderr)")
        let root = fixture.folder + "/out"
        let sbatch = TestPaths.packageRoot.appendingPathComponent("scripts/slurm-array.sbatch").path
        let submit = try CommandRun.run("/usr/bin/env", [
            "SLURM_CONF=\(cluster)/slurm.conf", "FOLLOW_RENDER=\(TestPaths.cli)", "/usr/bin/sbatch", "--array=0-2", "--wait",
            "--cpus-per-task=1", "--output=\(cluster)/task-%a.log", sbatch, fixture.list, root,
        ] + BatchFixture.renderOptions)
        let logs = (0..<3).map { (try? String(contentsOfFile: "\(cluster)/task-\($0).log", encoding: .utf8)) ?? "" }
        #expect(submit.status == 0, "sbatch: \(submit.stdout) \(submit.stderr) \(logs)")
        #expect(!FileManager.default.fileExists(atPath: root + "/batch.json"))
        let merged = try fixture.batch(root: root, ["--report"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let report = try BatchFixture.report(root)
        #expect(report.total == 3)
        #expect(report.succeeded == 3)
        let single = fixture.folder + "/single"
        #expect(try fixture.batch(root: single, ["--jobs", "2"]).status == 0)
        #expect(BatchFixture.timeless(report) == BatchFixture.timeless(try BatchFixture.report(single)))
    }
}
