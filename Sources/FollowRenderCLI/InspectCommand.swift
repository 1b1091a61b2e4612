import FollowRender
import Foundation

/// `follow-render inspect`: what a book contains and what will be narrated.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Show a book's metadata and the chapters that will be narrated"
    static let page = HelpPage(
        usage: ["follow-render inspect BOOK [--json] [--normalization] [--include-notes] [--matter all|body] "
                    + "[input options] [--lexicon FILE]… [--normalize auto|none]"],
        about: """
            Reads BOOK (an .epub file, an unpacked EPUB folder, or a text, Markdown or
            PDF file, with the encoding and language it was read with) and prints its title,
            authors, language, EPUB version and layout, then one row per narrated spine
            item: index (1-based spine position), href, title, language, matter (body,
            or the kind of front or back matter), UTF-16 length,
            sentence and word counts, and the estimated narration time at 1x. One warning
            per language names text the voice cannot speak (with a count, the first
            chapters and an example), after lexicons and Japanese readings are applied;
            a language with no voice of its own is read by a voice of its script (one note).
            """,
        sections: [
            .init("Options", [.json, .normalization]
                + BookReadingArguments.options(includeNotes: "Count footnote and endnote bodies as narrated text.")),
            BookReadingArguments.inputSection,
        ]
    )

    struct Options {
        var path: String
        var json: Bool
        var normalization: Bool
        var reading: BookReadingArguments
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let json = arguments.flag(.json)
        let normalization = arguments.flag(.normalization)
        let reading = try BookReadingArguments.parse(&arguments)
        return Options(path: try arguments.positionals("BOOK")[0], json: json, normalization: normalization, reading: reading)
    }

    static func run(_ options: Options) throws -> Int32 {
        let reading = options.reading
        if options.normalization { return try printNormalization(options) }
        let report = try BookOpener.inspect(options.path, options: reading.narration, input: reading.input,
                                            lexicons: reading.lexicons, normalize: reading.normalize,
                                            note: { Console.error("follow-render: note: \($0)") }) { warning in
            // A lexicon's fault is printed after the book's path, then the lexicon's.
            Console.warning(file: options.path, warning.file == options.path ? warning.text : warning.description)
        }
        if options.json {
            try printJSON(report)
        } else {
            printTable(report)
        }
        return 0
    }

    private static func printTable(_ report: BookInspection) {
        Console.output("Title:     \(report.title)")
        Console.output("Authors:   \(report.authors.joined(separator: "; "))")
        Console.output("Language:  \(report.language)" + (report.input.map { " (from \($0.languageSource))" } ?? ""))
        if let input = report.input {
            Console.output("Input:     \(input.format.rawValue)" + (input.encoding.map { ", encoding \($0) (\(input.encodingSource ?? ""))" } ?? ""))
        }
        Console.output("Version:   \(report.version)")
        Console.output("Layout:    \(report.layout.rawValue)")
        print("Narration: \(report.chapters.count) chapters, about \(clock(report.estimatedDuration.value)) at 1x")
        print("")
        let rows = report.chapters.map {
            ["\($0.index)", $0.href, String($0.title.prefix(40)), $0.language, $0.matter, "\($0.characters)",
             "\($0.sentences)", "\($0.words)", clock($0.estimatedDuration.value)]
        }
        print(Table.render(header: ["#", "href", "title", "lang", "matter", "chars", "sentences", "words", "1x"], rows: rows,
                           rightAligned: [0, 5, 6, 7, 8]))
    }

    /// `--normalization`: the rules' counts and samples for the book.
    private static func printNormalization(_ options: Options) throws -> Int32 {
        let warn = { (warning: RenderWarning) in Console.warning(warning) }
        let archive = try BookOpener.open(options.path, input: options.reading.input, warn: warn)
        let chapters = try BookOpener.chapters(of: archive, path: options.path, options: options.reading.narration, warn: warn).chapters
        var report = NormalizationReport()
        let pronouncer = PronunciationOptions.pronouncer(archive, lexicons: options.reading.lexicons)
        pronouncer.recordNormalization { report.add($0) }
        for chapter in chapters where !pronouncer.speaksAsWritten(chapter) { _ = try pronouncer.spokenSentences(of: chapter) }
        Console.output("language  family          rewritten  refused  guards")
        for count in report.counts {
            let guards = count.guards.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            Console.output(count.language.padding(toLength: 10, withPad: " ", startingAt: 0)
                + count.family.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
                + String(count.rewritten).leftPadded(9) + String(count.refused).leftPadded(9) + (guards.isEmpty ? "" : "  \(guards)"))
        }
        for language in report.languages {
            let samples = report.samples(language)
            guard !samples.isEmpty else { continue }
            Console.output("")
            Console.output("sample of \(samples.count) rewrites in '\(language)':")
            for event in samples {
                let context = event.context.replacingOccurrences(of: "\n", with: " ")
                Console.output("  \(event.family.rawValue) | \(event.shown) → \(event.spoken ?? "") | …\(context)…")
            }
        }
        return 0
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
