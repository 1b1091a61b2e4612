import Foundation

/// The one place books are opened: an EPUB (file or folder) is read as it
/// is; plain text, Markdown and PDF (told apart by content, see
/// `InputFormat`) are turned into an EPUB 3 in memory that the rest of the
/// pipeline reads unchanged. Sidecars of such a book name each chapter as
/// the input file name plus `#chapter-N`.
public enum BookSource {
    /// Text and Markdown files larger than this are refused (the text is held in memory).
    public static let maximumTextBytes = 64 << 20
    /// PDF files larger than this are refused.
    public static let maximumPDFBytes = 512 << 20
    /// `--cover` images larger than this are refused (the limit of one resource in a book).
    public static let maximumCoverBytes = Int(ContainerLimits.maximumEntrySize)

    /// Opens the book at `path`; errors are one line, without `path`.
    public static func open(path: String, options: InputOptions = InputOptions()) throws(BookError) -> EPUBArchive {
        // The type first: a FIFO or device would never end (or never open).
        guard let kind = RegularFile.kind(at: path) else { throw BookError(.notFound, "no such file or folder", cause: POSIXError.current) }
        guard kind.isRegular || kind.isFolder else { throw BookError(.notAFile, "not a book file or folder but \(kind)") }
        let file = kind.isRegular ? BookFile(path: path) : nil
        let format = InputFormat.detect(path: path, head: file?.head(1024) ?? Data())
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let fileTitle = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if format == .epub {
            let ignored = options == InputOptions() ? [] : [BookWarning("the input options (\(Setting.encoding), \(Setting.splitOn), "
                + "\(Setting.pagesPerChapter), \(Setting.readCode), \(Setting.language), \(Setting.cover)) apply to text, "
                + "Markdown and PDF books; ignored for an EPUB")]
            return try EPUBArchive(container: Container(path: path, file: file), fallbackTitle: fileTitle, warnings: ignored, input: nil)
        }
        guard let file else { throw BookError(.notFound, "no such file or folder") }
        let data = try file.readAll(limit: format == .pdf ? maximumPDFBytes : maximumTextBytes)
        var warnings: [BookWarning] = []
        var draft: DraftBook
        var encoding: TextDecoder?
        var languageSource = "\(Setting.language)"
        switch format {
        case .pdf:
            let pdf = try PDFBook(data: data, pagesPerChapter: options.pagesPerChapter ?? InputOptions.defaultPagesPerChapter)
            warnings += pdf.warnings
            draft = DraftBook(title: pdf.title ?? fileTitle, authors: pdf.author.map { [$0] } ?? [], language: nil,
                              chapters: pdf.chapters)
        case .markdown:
            let decoded = try TextDecoder(data: data, encoding: options.encoding)
            encoding = decoded
            let front = FrontMatter(decoded.text)
            let markdown = try MarkdownBook(markdown: front.body, fallbackTitle: front.title ?? fileTitle,
                                            readCode: options.readCode)
            warnings += markdown.warnings
            draft = DraftBook(title: front.title ?? markdown.headingTitle ?? fileTitle, authors: front.authors,
                              language: front.language, chapters: markdown.chapters)
            if front.language != nil { languageSource = "front matter" }
        case .text, .epub:
            let decoded = try TextDecoder(data: data, encoding: options.encoding)
            encoding = decoded
            let text = try PlainTextBook(text: decoded.text, title: fileTitle, splitOn: options.splitOn)
            draft = DraftBook(title: text.title ?? fileTitle, authors: [], language: nil, chapters: text.chapters)
        }
        warnings = (encoding?.warnings ?? []) + warnings
        guard !draft.chapters.isEmpty else { throw BookError(.noText, "no narratable text: the \(format.rawValue) file has no text") }
        let language: String
        if let forced = options.language {
            language = forced
        } else if let named = draft.language {
            language = named
        } else {
            // The guess samples the start of the text: strip the markup of that much only.
            let markup = String(draft.chapters.map(\.body).joined(separator: "\n").prefix(100_000))
            language = ScriptLanguage.guess(markup.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression))
            languageSource = "script"
        }
        let epub = GeneratedEPUB(draft: draft, language: language, identifier: identifier(of: data),
                                 modified: modificationDate(of: path), cover: try options.cover.map(cover))
        var hrefs: [String: String] = [:]
        for number in draft.chapters.indices.map({ $0 + 1 }) {
            hrefs[GeneratedEPUB.folder + GeneratedEPUB.chapterFile(number)] = "\(fileName)#chapter-\(number)"
        }
        let report = InputReport(format: format, encoding: encoding?.encoding, encodingSource: encoding?.source,
                                 languageSource: languageSource, sourceHrefs: hrefs)
        return try EPUBArchive(container: Container(files: epub.files()), fallbackTitle: fileTitle,
                               warnings: warnings, input: report)
    }

    private static func modificationDate(of path: String) -> Date {
        let date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
        return Date(timeIntervalSince1970: (date ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970.rounded(.down))
    }

    /// `urn:follow-render:` and a 64-bit FNV-1a hash of the input's bytes.
    private static func identifier(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "urn:follow-render:" + String(hash, radix: 16)
    }

    /// The cover image the input settings name (`--cover`), by its first bytes.
    private static func cover(_ path: String) throws(BookError) -> (data: Data, mediaType: String, extension: String) {
        // The type before a byte: a FIFO would never end.
        let size: Int
        do {
            size = try RegularFile.size(of: path)
        } catch {
            throw BookError(error.kind, "\(Setting.cover) \(path): \(error.reason)", cause: error)
        }
        guard size <= maximumCoverBytes else {
            throw BookError(.tooLarge, "\(Setting.cover) \(path): \(size >> 20) MB, larger than the \(maximumCoverBytes >> 20) MB a cover may be")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BookError(.unreadable, "\(Setting.cover) \(path): cannot be read", cause: error)
        }
        let bytes = [UInt8](data.prefix(512))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return (data, "image/jpeg", "jpg") }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return (data, "image/png", "png") }
        if bytes.starts(with: Array("GIF8".utf8)) { return (data, "image/gif", "gif") }
        if String(decoding: bytes, as: UTF8.self).contains("<svg") { return (data, "image/svg+xml", "svg") }
        let setting = SettingError(.cover, "\(Setting.cover) \(path): not a JPEG, PNG, GIF or SVG image")
        throw BookError(.setting, setting.reason, cause: setting)
    }
}
