import Foundation
import Testing

/// Issue #17, class 5: `inspect` and `segment` of a very long chapter keep their
/// memory to a multiple of the chapter's size, not of its spans. The chapter
/// (5 MB of real paragraphs, generated at run time) is measured by the peak RSS
/// of the CLI (`/usr/bin/time`), less the peak of the same command on the small
/// sample book (the program, its libraries and eSpeak NG's data).
@Suite("Memory of inspect and segment on a long chapter", .serialized)
struct LongChapterMemoryTests {
    private static let book = Result { try LongChapterBook.make(units: 5_000_000, name: "memory") }

    /// How many bytes of memory each command may use per byte of the chapter's XHTML.
    /// Measured on a 52 MB chapter (debug build): 2.3× for each, the chapter read as a
    /// stream and cut paragraph by paragraph; before, 7.5× for inspect and segment,
    /// 16.2× for segment --json and 14.2× for --spoken (README, Performance).
    private static let limits: [(arguments: [String], perByte: Double)] = [
        (["inspect"], 3),
        (["segment", "--chapter", "1"], 3),
        (["segment", "--chapter", "1", "--json"], 3),
        (["segment", "--chapter", "1", "--spoken"], 3),
    ]

    /// The exit status and peak RSS in bytes of the CLI run with `arguments`.
    private func peak(_ arguments: [String]) throws -> (status: Int32, bytes: Int, output: Int) {
        let folder = try TestPaths.temporaryFolder("peak")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/rss"
        let run = try CommandRun.run("/usr/bin/time", ["-f", "%M", "-o", report, TestPaths.cli] + arguments)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        let kilobytes = try #require(lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        return (run.status, kilobytes * 1024, run.output.count)
    }

    @Test("inspect and segment (text, JSON and spoken forms) of a 5 MB chapter use memory within a small multiple of its size")
    func boundedByTheChapter() throws {
        let book = try Self.book.get()
        let chapter = try #require(try FileManager.default.attributesOfItem(atPath: book + "/EPUB/text/chapter 1.xhtml")[.size] as? Int)
        #expect(chapter > 5_000_000)
        for (arguments, perByte) in Self.limits {
            let small = try peak(arguments.prefix(1) + [TestPaths.sampleBook] + arguments.dropFirst())
            let large = try peak(arguments.prefix(1) + [book] + arguments.dropFirst())
            #expect(small.status == 0 && large.status == 0, "\(arguments)")
            #expect(large.output > (arguments.count > 1 ? chapter : 0), "\(arguments) printed \(large.output) bytes")
            let used = Double(large.bytes - small.bytes) / Double(chapter)
            #expect(used <= perByte, "\(arguments.joined(separator: " ")): \(used) bytes per byte of the chapter")
        }
    }
}
