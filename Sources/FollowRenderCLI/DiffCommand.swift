import FollowRender
import Foundation

/// `follow-render diff`: compare two renders for regressions.
enum DiffCommand: Command {
    static let name = "diff"
    static let summary = "Compare two rendered folders (or two sidecars): text, sentence and word times"
    static let page = HelpPage(
        usage: ["follow-render diff OLD NEW [--tolerance-ms N] [--json]"],
        about: """
            Compares two rendered folders (each with book.json), or two timing sidecars,
            and reports: text changes (sentences aligned by their text, so an edited
            sentence is one change and later sentences are still compared), sentences
            and words whose begin or end moved by more than the tolerance, chapter
            duration changes, and chapters added or removed. A summary gives the counts
            and the median and maximum shift.

            Exit status: 0 when equal within the tolerance, 1 when different, 2 on a
            usage error or when OLD or NEW cannot be read (one line on standard error,
            'follow-render: <file>: <reason>').
            """,
        sections: [.init("Options", [
            .toleranceMs, CLIOption.json.helping("Print the full report as JSON (every shift, not only the first ones)."),
        ])]
    )

    struct Options {
        var paths: [String]
        var toleranceMs: Int
        var json: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let json = arguments.flag(.json)
        let tolerance = try arguments.integer(.toleranceMs) ?? 0
        return Options(paths: try arguments.positionals("OLD", "NEW"), toleranceMs: tolerance, json: json)
    }

    static func run(_ options: Options) throws -> Int32 {
        let (paths, tolerance, json) = (options.paths, options.toleranceMs, options.json)
        var books: [RenderedBook] = []
        for path in paths {
            do {
                books.append(try OwnFiles.load(path))
            } catch {
                Console.error("follow-render: \(error.file ?? path): \(error.reason)")
                return 2
            }
        }
        if (books[0].manifest == nil) != (books[1].manifest == nil) {
            throw UsageError("compare two rendered folders or two timing sidecars, not one of each")
        }
        let report = TimingDiff(toleranceMs: tolerance).compare(old: books[0], new: books[1])
        if json {
            try printJSON(report)
        } else {
            Console.output("follow-render diff: \(paths[0]) -> \(paths[1])")
            for line in DiffText.render(report, fullList: CLIOption.json.name).split(separator: "\n", omittingEmptySubsequences: false) { Console.output(String(line)) }
        }
        return report.equal ? 0 : 1
    }
}
