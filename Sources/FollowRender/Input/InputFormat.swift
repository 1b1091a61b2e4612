import Foundation

/// The formats a book can arrive in, told apart by content first and by the
/// file name's extension only where content cannot tell (text vs Markdown).
public enum InputFormat: String, Hashable, Sendable, Codable {
    case epub
    case pdf
    case markdown
    case text

    /// The format of the file or folder at `path`, from its first bytes: a ZIP
    /// or a folder is an EPUB, `%PDF-` a PDF; other files are text, Markdown
    /// when named `.md`/`.markdown` or when their lines look like Markdown.
    public static func detect(path: String, head: Data) -> InputFormat {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return .epub }
        let bytes = [UInt8](head.prefix(1024))
        if bytes.starts(with: [0x50, 0x4B]) { return .epub }
        if let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
           bytes[start...].starts(with: Array("%PDF-".utf8)) {
            return .pdf
        }
        let name = path.lowercased()
        if name.hasSuffix(".md") || name.hasSuffix(".markdown") { return .markdown }
        if name.hasSuffix(".txt") || name.hasSuffix(".text") { return .text }
        if name.hasSuffix(".epub") { return .epub }
        return looksLikeMarkdown(bytes) ? .markdown : .text
    }

    /// Front matter, ATX headings or fenced code at a line start in the first kilobyte.
    private static func looksLikeMarkdown(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("---\n") || text.hasPrefix("---\r\n") { return true }
        let lines = text.split(whereSeparator: \.isNewline)
        return lines.contains { line in
            line.hasPrefix("# ") || line.hasPrefix("## ") || line.hasPrefix("```")
        }
    }
}
