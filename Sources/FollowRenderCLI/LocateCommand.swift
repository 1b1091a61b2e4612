import FollowRender

/// `follow-render locate`: restore a position from a time or a text offset.
enum LocateCommand: Command {
    static let name = "locate"
    static let summary = "Map a time in a chapter's audio to a text position, or back"
    static let page = HelpPage(
        usage: ["follow-render locate DIR --time CHAPTER:SECONDS [--sentence]",
                "follow-render locate DIR --time H:MM:SS.s [--sentence]",
                "follow-render locate DIR --offset CHAPTER:UTF16 [--sentence]"],
        about: """
            Reads a rendered folder DIR (book.json and the timing sidecars; a single
            NNN-slug.timing.json works too) and prints, as JSON, the word at a time in
            chapter CHAPTER's audio, or the word at a UTF-16 offset in its text, with
            the time to play it from, the table-of-contents entry it is in and Readium
            Locators for the text and the audio (titled with that entry). CHAPTER is
            the spine index, as in book.json.

            A time in a pause gives the word before the pause; before the first word,
            the first word; after the last word, the last word. An offset between words
            gives the word before it. The time given is the start of that word. With
            --sentence, the answer is the start of the sentence containing the time or
            the offset.
            """,
        sections: [.init("Options", [.time, .offset, .sentence])]
    )

    struct Options {
        var path: String
        var time: String?
        var offset: String?
        var sentence: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let sentence = arguments.flag(.sentence)
        let time = try arguments.value(.time)
        let offset = try arguments.value(.offset)
        let path = try arguments.positionals("DIR")[0]
        if time != nil, offset != nil { throw UsageError.exclusive(.time, .offset) }
        return Options(path: path, time: time, offset: offset, sentence: sentence)
    }

    /// Loads the folder first, so a missing folder is reported before a missing or malformed position.
    static func run(_ options: Options) throws -> Int32 {
        let (path, time, offset, sentence) = (options.path, options.time, options.offset, options.sentence)
        let book: RenderedBook
        do {
            book = try OwnFiles.load(path)
        } catch {
            throw error.naming(path)
        }
        let index = PositionIndex(book)
        let position: BookPosition
        do {
            if let time, let seconds = bookTime(time) {
                position = try index.position(audiobookTime: seconds, sentenceStart: sentence)
            } else if let time {
                let (chapter, seconds) = try parse(time, option: "--time", value: { Double($0).flatMap { $0.isFinite ? $0 : nil } }, example: "3:95.25")
                position = try index.position(chapter: chapter, time: seconds, sentenceStart: sentence)
            } else if let offset {
                let (chapter, units) = try parse(offset, option: "--offset", value: { Int($0) }, example: "3:1200")
                position = try index.position(chapter: chapter, offset: units, sentenceStart: sentence)
            } else {
                throw UsageError("give --time CHAPTER:SECONDS or --offset CHAPTER:UTF16")
            }
        } catch let error as PositionError where error.kind == .noAudiobook {
            // The library names no option; the command says how to ask instead.
            var hinted = error.naming(path)
            hinted.reason += " (render with --audiobook); give CHAPTER:SECONDS"
            throw hinted
        } catch let error as PositionError {
            throw error.reported(for: path)
        }
        try printJSON(position)
        return 0
    }

    /// A single-file time: `H:MM:SS(.s)` or plain seconds; nil for `CHAPTER:SECONDS`.
    private static func bookTime(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count != 2 else { return nil }
        guard parts.count == 1 || parts.count == 3 else { return nil }
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }

    /// `CHAPTER:VALUE`, both non-negative.
    private static func parse<T: Comparable & Numeric>(_ text: String, option: String, value: (Substring) -> T?,
                                                        example: String) throws(UsageError) -> (Int, T) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let chapter = Int(parts[0]), chapter >= 1, let parsed = value(parts[1]), parsed >= 0 else {
            throw UsageError("\(option) takes CHAPTER:\(option == "--time" ? "SECONDS" : "UTF16") such as \(example), not '\(text)'")
        }
        return (chapter, parsed)
    }
}
