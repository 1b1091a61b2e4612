import FollowRender

/// What `locate`, `diff` and the sync exports do with a rendered book that a
/// reader accepted: every lookup must answer or throw, never trap.
public enum FuzzTimingUse {
    public static func exercise(_ book: RenderedBook, against other: RenderedBook?) {
        let index = PositionIndex(book)
        for timing in book.chapters {
            let chapter = timing.chapter.index
            let duration = timing.audio.duration.value
            let units = timing.text.utf16.count
            for time in [0, duration / 3, duration, duration + 1] {
                _ = try? index.position(chapter: chapter, time: time)
                _ = try? index.position(chapter: chapter, time: time, sentenceStart: true)
            }
            for offset in [0, units / 2, max(0, units - 1), units, units + 1] {
                _ = try? index.position(chapter: chapter, offset: offset)
            }
            for sentence in timing.sentences.prefix(20) {
                for word in sentence.words.prefix(20) {
                    _ = try? index.position(chapter: chapter, offset: word.range.location)
                    _ = try? index.position(chapter: chapter, time: word.begin.value)
                }
            }
            _ = WebVTTExporter.document(timing)
            _ = SRTExporter.document(timing)
            _ = try? SyncExporter(formats: [.guided]).contents(.guided, timing)
        }
        let diff = TimingDiff(toleranceMs: 0)
        _ = DiffText.render(diff.compare(old: book, new: book))
        if let other {
            _ = DiffText.render(diff.compare(old: book, new: other))
            _ = DiffText.render(diff.compare(old: other, new: book))
        }
    }
}
