import Foundation

/// The books a batch renders: the lines of a list file, or the supported
/// inputs found by walking a folder.
///
/// A list file holds one path per line (relative paths are taken from the
/// list file's folder); blank lines and lines starting with `#` are ignored.
/// A folder is walked recursively for the inputs `BookSource` reads (`.epub`,
/// `.txt`, `.text`, `.md`, `.markdown` and `.pdf` files) and unpacked EPUB
/// folders (folders holding `META-INF/container.xml`, not walked further).
/// Paths are made absolute and sorted, so every task of a cluster job sees
/// the same list in the same order.
public enum BookList {
    /// File name extensions of the books a folder walk picks up.
    public static let bookExtensions: Set<String> = ["epub", "txt", "text", "md", "markdown", "pdf"]

    /// The books of the list or folder at `path`. A folder walk skips the
    /// batch's own output folders (`outputs`: the output root, the library)
    /// and every folder follow-render wrote (a rendered folder with its
    /// `book.json`, a library book folder with its marker), so a batch over a
    /// folder that holds its outputs never renders them as books on a rerun.
    public static func read(_ path: String, skipping outputs: [String] = []) throws(RenderError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw RenderError(.unreadableInput, file: path, "no such file or folder", cause: POSIXError(.ENOENT))
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let skipped = Set(outputs.map(OutputSafety.resolve))
        let books = isFolder.boolValue ? walk(absolute, skipping: skipped) : try lines(of: absolute)
        guard !books.isEmpty else {
            throw RenderError(.unreadableInput, file: path, isFolder.boolValue ? "no books (EPUB, text, Markdown, PDF) in this folder" : "the list names no book")
        }
        return Array(Set(books)).sorted()
    }

    private static func lines(of file: URL) throws(RenderError) -> [String] {
        // The type first: a FIFO given as the list would never end.
        do {
            _ = try RegularFile.size(of: file.path)
        } catch {
            throw RenderError(.unreadableInput, file: file.path, error.reason, cause: error)
        }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw RenderError(.unreadableInput, file: file.path, "cannot read the book list (\(error.localizedDescription))", cause: error)
        }
        let base = file.deletingLastPathComponent()
        return text.split(whereSeparator: \.isNewline).compactMap { raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            let url = line.hasPrefix("/") ? URL(fileURLWithPath: line) : base.appendingPathComponent(line)
            return url.standardizedFileURL.path
        }
    }

    private static func walk(_ folder: URL, skipping skipped: Set<String>) -> [String] {
        let manager = FileManager.default
        let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
            if !isFolder.boolValue { return bookExtensions.contains(url.pathExtension.lowercased()) ? [url.path] : [] }
            if manager.fileExists(atPath: url.appendingPathComponent("META-INF/container.xml").path) { return [url.path] }
            if skipped.contains(OutputSafety.resolve(url.path)) || isOutput(url) { return [] }
            return walk(url, skipping: skipped)
        }
    }

    /// Whether follow-render wrote the folder: a render's `book.json` or a library folder's marker.
    private static func isOutput(_ folder: URL) -> Bool {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(LibraryFolder.marker).path) { return true }
        return (try? OwnFiles.manifest(in: folder.path)) != nil
    }
}
