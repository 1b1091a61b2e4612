import FollowRender
import Foundation

/// `follow-render web DIR`: write the reference web player into a rendered folder.
enum WebCommand: Command {
    static let name = "web"
    static let summary = "Write the web player (index.html and a page per chapter) into a rendered folder"
    static let page = HelpPage(
        usage: ["follow-render web DIR [--book BOOK [input options]]"],
        about: """
            Writes into the rendered folder DIR index.html (title, cover, chapters with
            durations and listening progress) and one NNN-slug.html per chapter: the
            narration text with synchronized sentence and word highlighting, tap a word
            to play from it, keyboard and speed controls, and the position saved in the
            browser. The pages work straight from the file system (file://) and from any
            static web server. 'follow-render BOOK --web' does the same after rendering.

            Paragraphs, headings, the cover and the book's identifier (the key of saved
            positions) come from the source book: BOOK, or DIR.epub beside DIR when it
            exists (render's default folder for a book is named after it). Without the
            book, paragraphs and headings are read back from the pauses in the timing
            sidecars, there is no cover, and positions are keyed by title and authors.
            """,
        sections: [.init("Options", [.book]), BookReadingArguments.inputSection]
    )

    struct Options {
        var folder: String
        var book: String?
        var input: InputOptions
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let book = try arguments.value(.book)
        let input = try InputArguments.parse(&arguments)
        return Options(folder: try arguments.positionals("DIR")[0], book: book, input: input)
    }

    static func run(_ options: Options) throws -> Int32 {
        let guess = URL(fileURLWithPath: options.folder).standardizedFileURL.path + ".epub"
        do {
            var details: WebBookDetails?
            if let book = options.book {
                details = try WebBookDetails.read(book: book, input: options.input)
            } else if FileManager.default.fileExists(atPath: guess) {
                details = try? WebBookDetails.read(book: guess)
            }
            let summary = try WebPlayer(folder: options.folder, details: details).write()
            if let warning = summary.pausesWarning(bookKnown: details != nil) { Console.warning(file: options.folder, warning) }
            Console.error("Web player: \(summary.pages.count) pages; open this one in a browser:")
            print(URL(fileURLWithPath: options.folder).standardizedFileURL.appendingPathComponent("index.html").path)
        } catch {
            throw error.naming(options.folder)
        }
        return 0
    }
}
