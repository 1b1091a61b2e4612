/// Reads a book's spine into narrated chapters: Book → chapter text →
/// sentences and words.
///
/// Navigation documents, non-XHTML items and documents without narratable
/// text are passed over; a document that cannot be read is skipped with a
/// warning, so one broken chapter never costs the whole book.
public struct ChapterReader {
    private let archive: EPUBArchive
    private let extractor: NarrationExtractor
    /// The table of contents, whose targets' ids each chapter's anchors keep.
    private let navigation: BookNavigation
    private var options: NarrationOptions { extractor.options }

    public init(archive: EPUBArchive, options: NarrationOptions = NarrationOptions()) {
        self.archive = archive
        extractor = NarrationExtractor(options: options)
        navigation = BookNavigation(book: archive.book)
    }

    /// The spine items narration reads, in reading order: linear content
    /// documents, or every content document when the book marks none linear.
    public var narratedItems: [SpineItem] {
        let documents = archive.book.spine.filter { Self.isContentDocument($0) }
        let linear = documents.filter(\.linear)
        return linear.isEmpty ? documents : linear
    }

    /// The chapter of one spine item, or nil when it has nothing to narrate.
    public func chapter(_ item: SpineItem) throws -> Chapter? {
        guard var chapter = try unsegmentedChapter(item) else { return nil }
        chapter.sentences = try Segmenter.sentences(in: chapter.text)
        return chapter
    }

    /// `chapter(_:)` with `sentences` left empty, for callers that walk them
    /// with `Segmenter.forEachSentence` instead of holding them all (a chapter
    /// of millions of words). The document is read as a stream, never as a whole tree.
    public func unsegmentedChapter(_ item: SpineItem) throws -> Chapter? {
        let document = try extractor.extract(archive.data(at: item.path), path: item.path, language: archive.book.metadata.language)
        guard document.text.text.contains(where: { !$0.isWhitespace }) else { return nil }
        let title = item.tocTitle ?? document.firstHeading ?? Self.fileTitle(item.path)
        let named = navigation.fragments(in: item.path)
        var chapter = Chapter(
            index: item.index,
            href: item.sourceHref ?? item.path,
            title: title,
            language: document.language,
            text: document.text,
            sentences: [],
            matter: ChapterMatter.of(item, semantics: document.semantics, book: archive.book)
        )
        chapter.anchors = document.anchors.filter { named.contains($0.key) }
        chapter.duplicateAnchors = document.duplicateIDs.intersection(named)
        return chapter
    }

    /// Every narrated chapter (with `--matter body`, of body matter only) with
    /// the table-of-contents entries placed in it (`marks`), the documents that
    /// could not be read, and the faults of the table of contents found placing them.
    public func read() -> (chapters: [Chapter], unreadable: [UnreadableChapter], warnings: [BookWarning]) {
        var chapters: [Chapter] = []
        var unreadable: [UnreadableChapter] = []
        var leftOut: Set<String> = []
        for item in narratedItems {
            do {
                guard let chapter = try chapter(item) else { continue }
                if options.matter == .all || chapter.matter.isBody { chapters.append(chapter) } else { leftOut.insert(item.path) }
            } catch {
                unreadable.append(UnreadableChapter(item: item, failure: error))
                leftOut.insert(item.path)
            }
        }
        let resolver = NavigationResolver(navigation: navigation, spine: archive.book.spine, leftOut: leftOut)
        let warnings = resolver.place(in: &chapters)
        return (chapters, unreadable, warnings)
    }

    /// Every narrated chapter; unreadable documents and faults of the table of contents are reported to `warn`.
    public func chapters(warn: (BookWarning) -> Void) -> [Chapter] {
        let result = read()
        for failure in result.unreadable { warn(failure.warning) }
        result.warnings.forEach(warn)
        return result.chapters
    }

    private static func isContentDocument(_ item: SpineItem) -> Bool {
        !item.isNavigation && (item.mediaType == "application/xhtml+xml" || item.mediaType == "text/html")
    }

    private static func fileTitle(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}

/// A spine document that could not be read: its chapter is skipped.
public struct UnreadableChapter: Sendable {
    /// 1-based spine position.
    public var index: Int
    public var path: String
    /// Why: its kind (`malformed`, `missing`, `segmentation` …), file, line and cause.
    public var error: BookError

    public init(index: Int, path: String, error: BookError) {
        self.index = index
        self.path = path
        self.error = error
    }

    /// The chapter at `path` that failed with `failure`: a `BookError` as it is,
    /// any other error as the cause of an `unreadable` one.
    public init(index: Int, path: String, failure: any Error) {
        let error = failure as? BookError ?? BookError(.unreadable, file: path, String(describing: failure), cause: failure)
        self.init(index: index, path: path, error: error)
    }

    /// The spine item that failed with `failure`, named as the user knows it:
    /// a text, Markdown or PDF book's chapter as `book.txt#chapter-2`, never
    /// by the generated EPUB's internal document.
    public init(item: SpineItem, failure: any Error) {
        self.init(index: item.index, path: item.path, failure: failure)
        if let source = item.sourceHref {
            path = source
            if error.file == item.path { error.file = source }
        }
    }

    /// The error as one line, as `book.json`'s `skipped` records it.
    public var reason: String { error.description }

    /// The one-line warning users see.
    public var warning: BookWarning { BookWarning("\(path): skipped: \(reason)") }
}
