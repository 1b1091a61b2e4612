import Foundation
import Testing
@testable import FollowRender

/// Classes 3 and 4 of issue #17: text from a book reaches the terminal only
/// escaped and one message per line, and no library prints its own messages.
@Suite("Terminal safety")
struct TerminalTextTests {
    /// A book whose mimetype, hrefs, titles and TOC carry escape sequences and newlines.
    private static func hostileBook(in folder: String) throws -> String {
        var files = EPUBTestSupport.minimalBook(
            chapter1: "<h1>Head&#x9B;2J</h1><p>Some text to read.</p>",
            metadataExtra: "<dc:creator>Ann&#x9B;31m&#10;follow-render: warning: forged</dc:creator>",
            manifestExtra: "<item id=\"gone\" href=\"gone%1B%5D0%3Bpwned%07.xhtml\" media-type=\"application/xhtml+xml\"/>")
        files = [("mimetype", Data("application/epub+zip\u{1B}[2J\nfollow-render: forged line".utf8))]
            + files.filter { $0.0 != "mimetype" }
        files = files.map { path, data in
            guard path == "EPUB/nav.xhtml" else { return (path, data) }
            let nav = String(decoding: data, as: UTF8.self)
                .replacingOccurrences(of: "Chapter Two</a>", with: "Two&#x9B;1m</a></li><li><a href=\"nowhere%1B%5B2J.xhtml\">x&#10;y</a>")
            return (path, Data(nav.utf8))
        }
        return try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/evil\u{1B}[31m.epub")).path
    }

    @Test("escape sequences in hrefs, titles, the mimetype and file names come out escaped, one line per message")
    func hostileBookIsEscaped() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = try Self.hostileBook(in: folder)
        for arguments in [["inspect", book], ["segment", book, "--chapter", "1"]] {
            let run = try CommandRun.cli(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            for output in [run.stdout, run.stderr] {
                #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{7}" })
            }
            let lines = run.stderr.split(separator: "\n")
            // The mimetype, the missing manifest item, the entry pointing outside the book, and its labels' control characters.
            #expect(lines.count == 4 && lines.contains { $0.contains("control characters in its label") }, "\(run.stderr)")
            #expect(lines.allSatisfy { $0.hasPrefix("follow-render: warning: ") && $0.contains("/evil\\u{1B}[31m.epub: ") })
            #expect(run.stderr.contains("gone\\u{1B}]0;pwned\\u{7}.xhtml"))
            #expect(run.stderr.contains("\\u{1B}[2J\\nfollow-render: forged line"))
            #expect(run.stderr.contains("nowhere\\u{1B}[2J.xhtml"))
        }
        let inspect = try CommandRun.cli(["inspect", book])
        #expect(inspect.stdout.contains("Ann\\u{9B}31m"))
        #expect(!inspect.stdout.contains("\nfollow-render: warning: forged"))
    }

    @Test("the escaper turns controls into escapes, keeps other text, and cuts long text")
    func escaper() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb\nc\td\r\u{7F}\u{202E}é🍯") == "a\\u{1B}[2Jb\\nc\\td\\r\\u{7F}\\u{202E}é🍯")
        let long = String(repeating: "x", count: 5000)
        #expect(TerminalText.escaped(long).count == TerminalText.maximumLength + 1)
        #expect(TerminalText.line(long).count == TerminalText.maximumLineLength + 1)
        #expect(TerminalText.quoted("it's") == "'it's'")
    }

    @Test("libxml2's own messages never reach stderr: an undecodable chapter gives our one warning line")
    func libxml2IsQuiet() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = EPUBTestSupport.minimalBook()
        var bad = Data("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">".utf8)
        bad += Data([0x3C, 0x62, 0x6F, 0x64, 0x79, 0x3E, 0xFF, 0xFE, 0x81, 0x00, 0x20])
        bad += Data("</body></html>".utf8)
        files = files.filter { $0.0 != "EPUB/text/ch2.xhtml" } + [("EPUB/text/ch2.xhtml", bad)]
        let book = try EPUBTestSupport.writeZip(files, to: URL(fileURLWithPath: folder + "/book.epub")).path
        let run = try CommandRun.cli(["inspect", book])
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("follow-render: warning: \(book): ") == true)
        #expect(lines.first?.contains("input conversion failed") == true)
    }

    @Test("with an unusable HOME no sound-server message reaches stderr: eSpeak NG never opens audio")
    func soundServerIsQuiet() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let home = folder + "/home-is-a-file"
        try Data().write(to: URL(fileURLWithPath: home))
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_RUNTIME_DIR": home + "/run"]
        let run = try CommandRun.cli([TestPaths.sampleBook, "--out", folder + "/out", "--rate", "4x", "--chapters", "1",
                                          "--quiet"], in: folder, environment: environment)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let voices = try CommandRun.cli(["voices", "--lang", "en"], in: folder, environment: environment)
        #expect(voices.stderr.isEmpty, "\(voices.stderr)")
    }
}
