import Foundation
@testable import FollowRender

/// The input-format fixtures (`Fixtures/inputs/`), opened as the CLI opens them.
enum InputFixtures {
    static let folder = TestPaths.fixtures.appendingPathComponent("inputs")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The book and its narrated chapters.
    static func read(_ path: String, _ options: InputOptions = InputOptions()) throws -> (archive: EPUBArchive, chapters: [Chapter]) {
        let archive = try BookSource.open(path: path, options: options)
        return (archive, ChapterReader(archive: archive).read().chapters)
    }

    /// The PDFs written by `Fixtures/inputs/make-pdfs.py`, generated once per test run.
    static let pdfFolder: Result<String, Error> = Result {
        let folder = try TestPaths.temporaryFolder("input-pdfs")
        let run = try CommandRun.run("/usr/bin/python3", [path("make-pdfs.py"), folder])
        guard run.status == 0 else { throw PDFFixtureError(message: run.stderr) }
        return folder
    }

    static func pdf(_ name: String) throws -> String { try pdfFolder.get() + "/" + name }

    struct PDFFixtureError: Error { var message: String }
}

extension Chapter {
    /// The text of each sentence.
    var sentenceTexts: [String] { sentences.map { text.substring($0.range) } }
    /// The text of each word.
    var wordTexts: [String] { sentences.flatMap { $0.words.map { text.substring($0) } } }
}
