/// Time <-> text lookups over a rendered book, each a binary search.
///
/// Rules, the same in both directions so that they round-trip:
/// - A time maps to the word being spoken: the last word beginning at or before
///   it. A time in a pause (between words or sentences) maps to the word before
///   the pause, so resuming there replays that word rather than skipping speech.
///   Before the first word: the first word. After the last word: the last word.
/// - A UTF-16 offset maps to the word containing it, or the last word before it
///   (offsets in spaces and punctuation go back to the word they follow); before
///   the first word, the first word. Its time is that word's begin.
/// - With `sentenceStart`, the answer is the start of a sentence (its first
///   word, its range's location, its begin time): for a time, the sentence of
///   the word found as above; for an offset, the sentence containing it, or the
///   last sentence before it.
///
/// `locator.locations.totalProgression` counts UTF-16 text across the rendered
/// chapters (it does not change with the speech rate); `audioLocator`'s counts
/// audio duration.
public struct PositionIndex: Sendable {
    /// The render the index answers for.
    public let book: RenderedBook
    private let chapters: [Int: ChapterPositions]
    private let unitsBefore: [Int: Int]
    private let secondsBefore: [Int: Double]
    private let totalUnits: Int
    private let totalSeconds: Double
    /// `book.json`'s table of contents, depth first (reading order).
    private let entries: [BookManifest.TOCEntry]

    /// Context on each side of the highlighted word in a Locator, in UTF-16 units.
    public static let contextLength = 50

    public init(_ book: RenderedBook) {
        self.book = book
        var chapters: [Int: ChapterPositions] = [:], units: [Int: Int] = [:], seconds: [Int: Double] = [:]
        var totalUnits = 0, totalSeconds = 0.0
        for timing in book.chapters {
            let positions = ChapterPositions(timing)
            chapters[timing.chapter.index] = positions
            units[timing.chapter.index] = totalUnits
            seconds[timing.chapter.index] = totalSeconds
            totalUnits += positions.units.count
            totalSeconds += timing.audio.duration.value
        }
        self.chapters = chapters
        unitsBefore = units
        secondsBefore = seconds
        self.totalUnits = totalUnits
        self.totalSeconds = totalSeconds
        entries = (book.manifest?.toc ?? []).flatMap(\.flattened)
    }

    /// The entry the position `offset` of chapter `index` is in: the last one beginning at or before it.
    private func entry(chapter index: Int, offset: Int) -> BookPosition.Entry? {
        let found = entries.last { $0.chapter < index || ($0.chapter == index && $0.offset <= offset) }
        return found.map { BookPosition.Entry(title: $0.title, href: $0.href, level: $0.level) }
    }

    /// The chapter at spine position `index`, indexed.
    public func chapter(_ index: Int) throws(PositionError) -> ChapterPositions {
        guard let positions = chapters[index] else {
            let rendered = book.chapters.map { String($0.chapter.index) }.joined(separator: ", ")
            throw PositionError(.notRendered, chapter: index, "chapter \(index) was not rendered (rendered: \(rendered))")
        }
        return positions
    }

    /// The position spoken at `time` seconds into chapter `index`'s audio.
    public func position(chapter index: Int, time: Double, sentenceStart: Bool = false) throws(PositionError) -> BookPosition {
        guard time >= 0, time.isFinite else { throw PositionError(.notATime, chapter: index, "time \(time) is not a time in the audio") }
        let positions = try chapter(index)
        guard let hit = positions.word(at: time) else { throw PositionError(.noTimedWords, chapter: index, "chapter \(index) has no timed words") }
        return answer(positions, sentenceStart ? positions.sentenceStart(hit) : hit, sentenceStart: sentenceStart)
    }

    /// The position spoken at `time` seconds into the single-file audiobook
    /// (the chapter whose span holds it, then as `position(chapter:time:)`).
    public func position(audiobookTime time: Double, sentenceStart: Bool = false) throws(PositionError) -> BookPosition {
        guard let entry = book.manifest?.audiobook else {
            throw PositionError(.noAudiobook, "this render has no single-file audiobook")
        }
        guard time.isFinite, let (index, local) = entry.chapter(at: time) else {
            throw PositionError(.notATime, "time \(time) is outside the audiobook (0 to \(entry.duration.value) s)")
        }
        return try position(chapter: index, time: local, sentenceStart: sentenceStart)
    }

    /// The position at UTF-16 `offset` in chapter `index`'s narration text.
    public func position(chapter index: Int, offset: Int, sentenceStart: Bool = false) throws(PositionError) -> BookPosition {
        let positions = try chapter(index)
        guard offset >= 0, offset <= positions.units.count else {
            throw PositionError(.outsideText, chapter: index, "offset \(offset) is outside chapter \(index)'s text (0 to \(positions.units.count) UTF-16 units)")
        }
        let found = sentenceStart ? positions.sentenceStart(atOffset: offset) : positions.word(atOffset: offset)
        guard let hit = found else { throw PositionError(.noTimedWords, chapter: index, "chapter \(index) has no timed words") }
        return answer(positions, hit, sentenceStart: sentenceStart)
    }

    private func answer(_ positions: ChapterPositions, _ hit: ChapterPositions.Hit, sentenceStart: Bool) -> BookPosition {
        let timing = positions.timing
        let sentence = positions.sentence(hit), word = positions.word(hit)
        let offset = sentenceStart ? sentence.range.location : word.range.location
        let time = sentenceStart ? sentence.begin : word.begin
        let units = max(positions.units.count, 1)
        let index = timing.chapter.index
        let entry = entry(chapter: index, offset: offset)
        let title = entry?.title ?? timing.chapter.title
        let locator = Locator(
            href: timing.chapter.href, type: "application/xhtml+xml", title: title,
            locations: .init(progression: Double(offset) / Double(units),
                             totalProgression: Double(unitsBefore[index, default: 0] + offset) / Double(max(totalUnits, 1))),
            text: .init(before: positions.text(positions.context(before: word.range.location, length: Self.contextLength)),
                        highlight: positions.text(word.range.location..<word.range.end),
                        after: positions.text(positions.context(after: word.range.end, length: Self.contextLength)))
        )
        // A sidecar of a render without chapter audio (version 2) times its chapter from its start in the single file.
        let fileTime = timing.fileTime(time)
        let duration = max(timing.audio.start == nil ? timing.audio.duration.value : book.manifest?.audiobook?.duration.value ?? 0, 0.001)
        let audioLocator = Locator(
            href: timing.audio.file, type: Locator.audioType(of: timing.audio.file), title: title,
            locations: .init(fragments: ["t=\(CueTime.decimal(fileTime))"], progression: min(fileTime.value / duration, 1),
                             totalProgression: min((secondsBefore[index, default: 0] + time.value) / max(totalSeconds, 0.001), 1)),
            text: nil
        )
        return BookPosition(
            chapter: timing.chapter,
            offset: offset,
            sentence: .init(index: hit.sentence, range: sentence.range, begin: sentence.begin, end: sentence.end),
            word: .init(index: hit.word, range: word.range, begin: word.begin, end: word.end, text: locator.text?.highlight ?? ""),
            audio: .init(file: timing.audio.file, time: fileTime),
            placement: hit.placement,
            locator: locator,
            audioLocator: audioLocator,
            audiobook: book.manifest?.audiobook.flatMap { entry in
                entry.chapters.first { $0.index == index }.map { .init(file: entry.file, time: Seconds($0.start.value + time.value)) }
            },
            entry: entry
        )
    }
}
