import Foundation
import FollowRender

/// `follow-render segment`: one chapter's narration text, sentences and words.
enum SegmentCommand: Command {
    static let name = "segment"
    static let summary = "Print one chapter's narration text split into sentences and words"
    static let page = HelpPage(
        usage: ["follow-render segment BOOK --chapter N [--json] [--spoken] [--include-notes] [--matter all|body] "
                    + "[input options] [--lexicon FILE]… [--normalize auto|none]"],
        about: """
            Prints the narration text of the spine item at 1-based position N, one
            sentence per line with its UTF-16 range [location, length]. Ranges count
            UTF-16 code units, as NSString and NSRange do, and are the same ranges the
            timing sidecar uses.
            """,
        sections: [
            .init("Options", [
                .chapter,
                CLIOption.json.helping(#"Print JSON: {"index","href","text","sentences":[…]}, each sentence with "range", "#
                                           + #""words" and "spoken", the exact string sent to eSpeak NG."#),
                .spoken,
            ] + BookReadingArguments.options(includeNotes: CLIOption.includeNotes.help)),
            BookReadingArguments.inputSection,
        ]
    )

    struct Options {
        var path: String
        var index: Int
        var json: Bool
        var spoken: Bool
        var reading: BookReadingArguments
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let json = arguments.flag(.json)
        let spoken = arguments.flag(.spoken)
        let reading = try BookReadingArguments.parse(&arguments)
        guard let index = try arguments.integer(.chapter) else {
            throw UsageError("missing \(CLIOption.chapter.signature)")
        }
        return Options(path: try arguments.positionals("BOOK")[0], index: index, json: json, spoken: spoken, reading: reading)
    }

    static func run(_ options: Options) throws -> Int32 {
        let archive = try openBook(options.path, input: options.reading.input)
        var chapter = try BookOpener.chapter(options.index, of: archive, path: options.path, options: options.reading.narration,
                                             segmented: false)
        let pronouncer = PronunciationOptions.pronouncer(archive, lexicons: options.reading.lexicons,
                                                        normalize: options.reading.normalize)
        do {
            var json = options.json ? try SegmentationJSON(chapter: chapter, to: FileHandle.standardOutput) : nil
            if !options.json { Console.output("\(chapter.index)  \(chapter.href)  \(chapter.title)") }
            let print = { (sentence: Sentence, spoken: () -> String) throws in
                if json != nil {
                    try json?.write(sentence, spoken: spoken())
                } else {
                    printSentence(sentence, of: chapter)
                    if options.spoken { Console.output("    spoken: \(spoken())") }
                }
            }
            if pronouncer.speaksAsWritten(chapter) {
                // Each sentence is printed as it is cut, holding none (a chapter of millions of words).
                try Segmenter.forEachSentence(in: chapter.text) { sentence in
                    try print(sentence) { SpokenSentence.asWritten(sentence, in: chapter.text).text }
                }
            } else if pronouncer.normalizesOnly(chapter) {
                // The same, with the normalization rules applied to each sentence as it is cut.
                let headings = chapter.text.paragraphs.filter { $0.kind == .heading }.map(\.range)
                var next = 0
                try Segmenter.forEachSentence(in: chapter.text) { sentence in
                    while next < headings.count, headings[next].end <= sentence.range.location { next += 1 }
                    let isHeading = next < headings.count && headings[next].location <= sentence.range.location
                    try print(sentence) { pronouncer.spokenSentence(sentence, in: chapter, isHeading: isHeading).text }
                }
            } else {
                chapter.sentences = try Segmenter.sentences(in: chapter.text)
                let spoken = try pronouncer.spokenSentences(of: chapter)
                for (sentence, form) in zip(chapter.sentences, spoken) { try print(sentence) { form.text } }
            }
            try json?.finish()
        } catch {
            throw ReportedError.of(error, for: options.path, otherwise: .write)
        }
        return 0
    }

    /// One line: the sentence's range, word count and text (line breaks as ⏎).
    private static func printSentence(_ sentence: Sentence, of chapter: Chapter) {
        let text = chapter.text.substring(sentence.range).replacingOccurrences(of: "\n", with: " ⏎ ")
        Console.output("[\(sentence.range.location), \(sentence.range.length)] (\(sentence.words.count) words) \(text)")
    }
}
