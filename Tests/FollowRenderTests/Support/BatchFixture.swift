import Foundation
@testable import FollowRender

/// A small batch for the tests: three short real books, the sample book, a
/// corpus book with a recoverable fault, and a file that is no EPUB at all,
/// listed in a list file; rendered at 4x.
struct BatchFixture {
    static let goodBooks = [TestPaths.book("hefty-water.epub"), TestPaths.book("trees.epub"), TestPaths.sampleBook,
                            TestPaths.corpus.appendingPathComponent("bad/nav-toc-missing-error.epub").path]
    static let renderOptions = ["--rate", "4x"]

    /// The folder holding the list and the broken book.
    let folder: String
    let list: String
    let broken: String

    /// Writes a list of `books` (plus the broken file when `withBroken`).
    init(books: [String] = BatchFixture.goodBooks, withBroken: Bool = true, name: String = #function) throws {
        folder = try TestPaths.temporaryFolder(name)
        broken = folder + "/broken.epub"
        list = folder + "/books.txt"
        try Data("this is not a ZIP archive\n".utf8).write(to: URL(fileURLWithPath: broken))
        let lines = ["# a test batch"] + books + (withBroken ? ["broken.epub"] : [])
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: list))
    }

    /// Runs `follow-render batch LIST --out-root ROOT` with `arguments`.
    func batch(root: String, _ arguments: [String]) throws -> CommandRun {
        try CommandRun.cli(["batch", list, "--out-root", root, "--quiet"] + Self.renderOptions + arguments)
    }

    static func report(_ root: String) throws -> BatchReport {
        try JSONCoding.decode(BatchReport.self, from: Data(contentsOf: URL(fileURLWithPath: root + "/batch.json")))
    }

    /// The report without what depends on the clock (render seconds), for comparing runs.
    static func timeless(_ report: BatchReport) -> BatchReport {
        var books = report.books
        for index in books.indices { books[index].renderSeconds = Seconds(0) }
        return BatchReport(books: books)
    }

    /// Every file of a folder (recursively, hidden files too) with its bytes.
    static func contents(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return files }
        for case let name as String in walker {
            var isFolder: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    /// Inode and modification time: changes when a file is written again.
    static func stamp(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let inode = attributes[.systemFileNumber] as? Int ?? -1
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(inode)@\(date)"
    }
}
