import Foundation
import Testing
import FollowRender

/// What the node checker answers for one sidecar.
private struct ModuleAnswers: Decodable {
    var times: [[Int]?]
    var offsets: [[Int]?]
}

@Suite("The web player's timing module answers as FollowTiming does")
struct WebTimingModuleTests {
    static let module = TestPaths.packageRoot.appendingPathComponent("Sources/FollowRender/Resources/player/follow-timing.mjs").path
    static let checker = TestPaths.packageRoot.appendingPathComponent("Tests/Checkers/follow-timing-check.mjs").path

    @Test("follow-timing.mjs, imported as an ES module by node, finds the same word as ChapterPositions for every golden word, pause and gap")
    func sameAnswers() throws {
        let golden = TestPaths.fixtures.appendingPathComponent("golden").path
        let book = try RenderedBook.load(golden)
        var queries: [[String: Any]] = [], expected: [(times: [[Int]?], offsets: [[Int]?])] = []
        for (timing, entry) in zip(book.chapters, try #require(book.manifest).chapters) {
            let positions = ChapterPositions(timing)
            var times: [Double] = [0, -1, timing.audio.duration.value + 5]
            var offsets: [Int] = [0, timing.text.utf16.count]
            for sentence in timing.sentences {
                times += [sentence.begin.value, sentence.end.value + 0.05]
                for word in sentence.words {
                    times += [word.begin.value, (word.begin.value + word.end.value) / 2, word.end.value]
                    offsets += [word.range.location, word.range.end - 1, word.range.end, word.range.end + 1]
                }
            }
            let slot = { (hit: ChapterPositions.Hit?) in hit.map { [$0.sentence, $0.word] } }
            expected.append((times.map { slot(positions.word(at: $0)) }, offsets.map { slot(positions.word(atOffset: $0)) }))
            queries.append(["sidecar": golden + "/" + entry.timing, "times": times, "offsets": offsets])
        }
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/queries.json"
        try JSONSerialization.data(withJSONObject: queries).write(to: URL(fileURLWithPath: input))
        let run = try CommandRun.run("/usr/bin/env", ["node", Self.checker, Self.module, input])
        try #require(run.status == 0, "node: \(run.stderr)")
        let answers = try JSONDecoder().decode([ModuleAnswers].self, from: run.output)
        try #require(answers.count == expected.count)
        for (answer, want) in zip(answers, expected) {
            #expect(answer.times.count > 100 && answer.times == want.times)
            #expect(answer.offsets.count > 100 && answer.offsets == want.offsets)
        }
    }
}
