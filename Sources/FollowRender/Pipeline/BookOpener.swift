/// Opens a book and reads its chapters for the commands that take a book:
/// each warning goes to a sink as a `RenderWarning` naming the book, and a
/// refusal is the book's own error (`BookError`, `RenderError`) naming the book. (`--strict` is decided by
/// the caller, `StrictPolicy`, from the warnings it was given.)
public enum BookOpener {
    /// Opens the book at `path` (an EPUB, or a text, Markdown or PDF file read
    /// with `input`, see `BookSource`), passing each of its warnings to `warn`.
    public static func open(_ path: String, input: InputOptions = InputOptions(),
                            warn: (RenderWarning) -> Void) throws(BookError) -> EPUBArchive {
        let archive: EPUBArchive
        do {
            archive = try BookSource.open(path: path, options: input)
        } catch {
            throw error.reported(for: path)
        }
        for warning in archive.warnings { warn(RenderWarning(warning, book: path)) }
        return archive
    }

    /// The narrated chapters of a book, passing a warning for each one that is
    /// skipped (a `fault`) and for each fault of the table of contents found
    /// placing its entries (a `notice`: the entry is dropped or placed at its
    /// document's start) to `warn`.
    public static func chapters(of archive: EPUBArchive, path: String, options: NarrationOptions,
                                warn: (RenderWarning) -> Void) throws(BookError) -> (chapters: [Chapter], unreadable: [UnreadableChapter]) {
        let result = ChapterReader(archive: archive, options: options).read()
        for failure in result.unreadable { warn(RenderWarning(failure, book: path)) }
        for warning in result.warnings { warn(RenderWarning(warning, book: path, severity: .notice)) }
        guard !result.chapters.isEmpty else { throw nothingToRead(path: path, unreadable: result.unreadable) }
        return (result.chapters, result.unreadable)
    }

    /// The refusal of a book none of whose chapters can be narrated: the first
    /// unreadable chapter's error is its cause.
    private static func nothingToRead(path: String, unreadable: [UnreadableChapter]) -> BookError {
        let reason = unreadable.isEmpty
            ? "no narratable text: no spine document has text to read"
            : "no readable chapter: \(unreadable[0].warning.message)"
        return BookError(.noText, file: path, reason, cause: unreadable.first?.error)
    }

    /// The `inspect` report of the book at `path`: metadata and one row per
    /// narrated chapter; warnings include text the voices cannot speak once
    /// `lexicons` (user lexicon files) and the book's own hints are applied.
    /// Chapters are read one at a time and their sentences counted as they are
    /// cut, so memory follows the longest chapter's text, not the book's spans;
    /// only a chapter whose letters some voice may not read is kept whole for
    /// the coverage check.
    public static func inspect(_ path: String, options: NarrationOptions, input: InputOptions = InputOptions(),
                               lexicons: [String] = [], normalize: Bool = true, note: (String) -> Void = { _ in },
                               warn: (RenderWarning) -> Void) throws -> BookInspection {
        let archive = try open(path, input: input, warn: warn)
        let reader = ChapterReader(archive: archive, options: options)
        let oneX = try SpeedTable.standard().wpm(forSpeed: 1)
        var rows: [BookInspection.Chapter] = []
        var checked: [Chapter] = []
        var unreadable: [UnreadableChapter] = []
        for item in reader.narratedItems {
            do {
                guard var chapter = try reader.unsegmentedChapter(item), options.matter == .all || chapter.matter.isBody else {
                    continue
                }
                var sentences = 0, words = 0
                if SpeechCoverage.hasUncommonLetters(chapter) {
                    chapter.sentences = try Segmenter.sentences(in: chapter.text)
                    (sentences, words) = (chapter.sentences.count, chapter.wordCount)
                    checked.append(chapter)
                } else {
                    try Segmenter.forEachSentence(in: chapter.text) { sentences += 1; words += $0.words.count }
                }
                rows.append(BookInspection.Chapter(chapter: chapter, sentences: sentences, words: words, wordsPerMinute: oneX))
            } catch {
                let failure = UnreadableChapter(item: item, failure: error)
                warn(RenderWarning(failure, book: path))
                unreadable.append(failure)
            }
        }
        guard !rows.isEmpty else { throw nothingToRead(path: path, unreadable: unreadable) }
        try PronunciationStage.prepare(archive: archive, bookPath: path, chapters: [], checked: checked,
                                           lexicons: lexicons, normalize: normalize, voice: nil, note: note, warn: warn)
        var report = BookInspection(book: archive.book, rows: rows)
        report.input = archive.input
        return report
    }

    /// The narrated chapter at spine position `index`, for `segment`; with
    /// `--matter body`, a chapter of front or back matter is refused. Without
    /// `segmented`, its `sentences` are left empty (`ChapterReader.unsegmentedChapter`).
    public static func chapter(_ index: Int, of archive: EPUBArchive, path: String, options: NarrationOptions,
                               segmented: Bool = true) throws -> Chapter {
        guard let item = archive.book.spine.first(where: { $0.index == index }) else {
            throw RenderError(.noChapter, file: path, "no spine item \(index): the spine has \(archive.book.spine.count)")
        }
        let chapter: Chapter?
        do {
            let reader = ChapterReader(archive: archive, options: options)
            chapter = try segmented ? reader.chapter(item) : reader.unsegmentedChapter(item)
        } catch {
            throw UnreadableChapter(item: item, failure: error).error.reported(for: path)
        }
        let shown = item.sourceHref ?? item.path
        guard let chapter else {
            throw RenderError(.noChapter, file: path, "spine item \(index) (\(shown)) has no narratable text")
        }
        if options.matter == .body, !chapter.matter.isBody {
            throw RenderError(.noChapter, file: path, "spine item \(index) (\(shown)) is \(chapter.matter), not body matter (\(Setting.matter) body)")
        }
        return chapter
    }
}
