import Foundation
import Testing

@Suite("Tracing where a render's cores idle")
struct RenderTraceTests {
    @Test("FOLLOW_RENDER_TRACE gets one timestamped line per scheduling event from the parent and its worker, and trace-idle.py reads them")
    func traceLines() throws {
        let folder = try TestPaths.temporaryFolder("trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = folder + "/render.trace"
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/out", "--rate", "4x", "--chapters", "1", "--quiet"],
                                     environment: ["FOLLOW_RENDER_TRACE": trace])
        try #require(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ", maxSplits: 3) }
        #expect(lines.allSatisfy { $0.count >= 3 && Double($0[0]) != nil && Int32($0[1]) != nil }, "\(lines)")
        let events = lines.map { String($0[2]) }
        #expect(events == ["job-start", "render-start", "planned", "launch", "worker-ready", "exit", "render-end", "job-end"], "\(events)")
        let parent = Set(lines.filter { $0[2] != "worker-ready" }.map { $0[1] })
        #expect(parent.count == 1, "the parent writes every line but the worker's")
        let ready = try #require(lines.first { $0[2] == "worker-ready" })
        // The job's own process writes worker-ready, naming the worker that forked it, which the launch names too.
        let worker = try #require(ready.last?.split(separator: " ").last)
        #expect(!parent.contains(ready[1]) && lines.first { $0[2] == "launch" }?.last?.hasSuffix(" \(worker)") == true)
        let times = lines.compactMap { Double($0[0]) }
        #expect(times == times.sorted())

        let report = try CommandRun.checked("/usr/bin/python3", [TestPaths.packageRoot.path + "/scripts/trace-idle.py", trace])
        #expect(String(decoding: report, as: UTF8.self).contains(", 1 jobs; worker occupancy "))

        let before = try Data(contentsOf: URL(fileURLWithPath: trace))
        let plain = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/untraced", "--rate", "4x", "--chapters", "1", "--quiet",
                                        "--force"])
        try #require(plain.status == 0, "\(plain.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before, "without the variable nothing is traced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out", "render.trace", "untraced"])
    }
}
