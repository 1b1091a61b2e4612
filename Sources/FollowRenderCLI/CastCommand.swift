import FollowRender
import Foundation

/// `follow-render cast BOOK`: the speakers found in a book, as a starting `--cast` file.
enum CastCommand: Command {
    static let name = "cast"
    static let summary = "List the speakers of a book's quotations, as a starting --cast file"
    static let page = HelpPage(
        usage: ["follow-render cast BOOK [--include-notes] [--matter all|body] [input options] [--lexicon FILE]… "
                    + "[--normalize auto|none]"],
        about: """
            Finds who speaks each quotation of BOOK (from "said Alice", "Alice said,"
            next to it, or by turns in a run of alternating lines) and prints one line
            per speaker, most quotations first: NAME<TAB>VOICE<TAB>COUNT, a file for
            --cast. The voices are eSpeak NG variants taken in turn (+m1, +f1, +m2, …),
            put on the voice of the book's language: change them at will (NAME, NAME+VARIANT
            or +VARIANT); the count is ignored. "I" is a first-person narrator.
            """,
        sections: [
            .init("Options", BookReadingArguments.options(includeNotes: "Look for speakers in footnote and endnote bodies too.")),
            BookReadingArguments.inputSection,
        ]
    )

    /// Variants given in turn in the starting file.
    static let variants = ["m1", "f1", "m2", "f2", "m3", "f3", "m4", "f4", "m5", "f5", "m6", "m7"]

    struct Options {
        var path: String
        var reading: BookReadingArguments
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let reading = try BookReadingArguments.parse(&arguments)
        return Options(path: try arguments.positionals("BOOK")[0], reading: reading)
    }

    static func run(_ options: Options) throws -> Int32 {
        let archive = try BookOpener.open(options.path, input: options.reading.input) { Console.warning($0) }
        let chapters = ChapterReader(archive: archive, options: options.reading.narration).read().chapters
        let speakers = SpeakerAttribution.census(of: chapters)
        print("# Speakers of \(TerminalText.line(archive.book.metadata.title)): NAME<TAB>VOICE<TAB>quotations. Use with --cast FILE.")
        for (index, speaker) in speakers.enumerated() {
            // Each field made one safe line on its own, so the tabs between them stay tabs.
            print(TerminalText.line(speaker.name) + "\t+\(variants[index % variants.count])\t\(speaker.quotations)")
        }
        if speakers.isEmpty { Console.error("follow-render: note: no quotation with a speaker found in \(options.path)") }
        return 0
    }
}
