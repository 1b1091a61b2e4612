import Foundation
import Testing
@testable import FollowRender

/// Class 2 of issue #17: every reader of our own JSON validates what it read;
/// a damaged sidecar or `book.json` gives one line naming the file and its
/// first bad member, and `locate`/`diff` exit 1 or 2, never with a signal.
@Suite("Damaged sidecars and manifests")
struct TimingValidationTests {
    /// A JSON edit and the member the refusal must name.
    struct Damage: CustomTestStringConvertible, Sendable {
        let file: String
        let member: String
        let edit: @Sendable (inout [String: Any]) -> Void
        var testDescription: String { "\(file): \(member)" }
    }

    static let sidecar = "001-one-the-keeper.timing.json"

    static let damages: [Damage] = [
        Damage(file: sidecar, member: "sentences[1].range") { $0.sentence(1) { $0["range"] = [1_000_000, 5] } },
        Damage(file: sidecar, member: "sentences[0].range") { $0.sentence(0) { $0["range"] = [Int.max - 1, Int.max - 1] } },
        Damage(file: sidecar, member: "sentences[0].words[0].range") { $0.word(0, 0) { $0["range"] = [-3, 2] } },
        Damage(file: sidecar, member: "sentences[2].end") { $0.sentence(2) { $0["end"] = 1e308 } },
        Damage(file: sidecar, member: "sentences[2].begin") { $0.sentence(2) { $0["begin"] = 0.0 } },
        Damage(file: sidecar, member: "sentences[0].words[1].begin") { $0.word(0, 1) { $0["begin"] = -5.0 } },
        Damage(file: sidecar, member: "sentences[1]") { $0.sentence(1) { $0["end"] = 0.001 } },
        Damage(file: sidecar, member: "audio.sampleRate") { object in
            var audio = object["audio"] as! [String: Any]
            audio["sampleRate"] = 0
            object["audio"] = audio
        },
        Damage(file: "book.json", member: "chapters[0].timing") { $0.chapter(0) { $0["timing"] = "../../etc/passwd" } },
        Damage(file: "book.json", member: "chapters[1].index") { $0.chapter(1) { $0["index"] = 1 } },
        Damage(file: "book.json", member: "duration") { $0["duration"] = -2.5 },
    ]

    @Test("locate and diff refuse a damaged file with one line naming it and its first bad member", arguments: damages)
    func refused(damage: Damage) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = folder + "/good", bad = folder + "/bad"
        try FileManager.default.copyItem(atPath: TestPaths.fixtures.appendingPathComponent("golden").path, toPath: good)
        try FileManager.default.copyItem(atPath: good, toPath: bad)
        let url = URL(fileURLWithPath: bad + "/" + damage.file)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        damage.edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let runs = [
            try CommandRun.cli(["locate", bad, "--time", "1:2.5"]),
            try CommandRun.cli(["locate", bad, "--offset", "1:10"]),
            try CommandRun.cli(["diff", good, bad]),
            try CommandRun.cli(["diff", bad, good, "--json"]),
        ]
        for run in runs {
            #expect(run.status == 1 || run.status == 2, "\(run.status): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stderr.contains(damage.file) && run.stderr.contains(damage.member + ":"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("the golden sidecars and manifest of the sample book are sound")
    func goldenIsSound() throws {
        let book = try RenderedBook.load(TestPaths.fixtures.appendingPathComponent("golden").path)
        #expect(TimingValidation.problem(in: try #require(book.manifest)) == nil)
        for chapter in book.chapters { #expect(TimingValidation.problem(in: chapter) == nil) }
    }

    @Test("a non-finite --time is a usage error, not a crash")
    func infiniteTime() throws {
        let run = try CommandRun.cli(["locate", TestPaths.fixtures.appendingPathComponent("golden").path, "--time", "1:inf"])
        #expect(run.status == 2)
    }
}

private extension Dictionary where Key == String, Value == Any {
    mutating func sentence(_ number: Int, _ edit: (inout [String: Any]) -> Void) {
        var sentences = self["sentences"] as! [[String: Any]]
        edit(&sentences[number])
        self["sentences"] = sentences
    }

    mutating func word(_ sentence: Int, _ number: Int, _ edit: (inout [String: Any]) -> Void) {
        self.sentence(sentence) { object in
            var words = object["words"] as! [[String: Any]]
            edit(&words[number])
            object["words"] = words
        }
    }

    mutating func chapter(_ number: Int, _ edit: (inout [String: Any]) -> Void) {
        var chapters = self["chapters"] as! [[String: Any]]
        edit(&chapters[number])
        self["chapters"] = chapters
    }
}
