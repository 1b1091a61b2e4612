import Foundation
import Synchronization

/// The chapter scripts of one render, built one at a time when a job starts,
/// so the parent holds the chapters and the scripts in flight (one per
/// worker), never every script at once.
///
/// `@unchecked Sendable`: the builder (which owns MeCab, caches voices and
/// reads the book's lexicons from its archive) is only used under `lock`.
final class ScriptSource: @unchecked Sendable {
    private let lock = Mutex([Int: String]())
    private let builder: ScriptBuilder
    /// The book's narrated chapters and their track numbers, by spine position.
    private let chapters: [Int: (chapter: Chapter, track: Int)]

    init(builder: ScriptBuilder, chapters: [Chapter]) {
        self.builder = builder
        self.chapters = Dictionary(uniqueKeysWithValues: chapters.enumerated().map { ($1.index, ($1, $0 + 1)) })
    }

    /// The slices of a chapter's jobs; nil when one job speaks it whole.
    func plan(of chapter: Chapter) -> SlicePlan? {
        lock.withLock { _ in builder.plan(of: chapter) }
    }

    /// Names the single file's part each chapter's jobs write, by spine position
    /// (known once the chapters' keys are: `SingleFileParts.partFile`).
    func setParts(_ names: [Int: String]) {
        lock.withLock { $0 = names }
    }

    /// The script of `job`; `withPart` false leaves the single file's part out (for the cache key).
    func script(for job: ChapterJob, withPart: Bool = true) throws(RenderError) -> ChapterScript {
        guard let entry = chapters[job.index] else { throw RenderError(.noChapter, "no chapter \(job.index)") }
        return try lock.withLock { (parts: inout [Int: String]) throws(RenderError) -> ChapterScript in
            try builder.script(for: entry.chapter, track: entry.track, slice: job.slice, part: withPart ? parts[job.index] : nil)
        }
    }

    /// The voices of quoted speech for `book.json`: the dialogue voice, and the
    /// cast members heard in the chapters with their quotations; nil when none was asked for.
    func dialogueEntry() -> BookManifest.Dialogue? {
        lock.withLock { _ in
            let dialogue = builder.dialogue
            guard dialogue.isActive else { return nil }
            var counts: [String: Int] = [:]
            if dialogue.cast != nil {
                for (chapter, _) in chapters.values {
                    let units = Array(chapter.text.text.utf16)
                    counts.merge(dialogue.castSpeakers(of: chapter, units: units), uniquingKeysWith: +)
                }
            }
            let cast = dialogue.cast.map { cast in
                cast.members.compactMap { member in
                    counts[member.name].map { BookManifest.Dialogue.Member(name: member.name, voice: dialogue.voice(of: member), quotations: $0) }
                }
            }
            return BookManifest.Dialogue(voice: dialogue.dialogue?.bookVoice, cast: cast)
        }
    }

    /// The script of `job` as the worker reads it: one line of JSON, without the newline.
    func line(for job: ChapterJob) throws(RenderError) -> [UInt8] {
        let script = try script(for: job)
        do {
            return try ScriptJSON.encode(script)
        } catch {
            throw RenderError(.worker, "chapter \(job.index): cannot encode its script: \(error)", cause: error)
        }
    }

    /// Every script of `chapter`'s jobs, in order, for its cache key.
    func scripts(of chapter: Chapter) throws(RenderError) -> [ChapterScript] {
        let slices = plan(of: chapter)?.slices.indices.map { Optional($0) } ?? [nil]
        var scripts: [ChapterScript] = []
        for slice in slices {
            scripts.append(try script(for: ChapterJob(index: chapter.index, slice: slice, units: 0), withPart: false))
        }
        return scripts
    }

    /// The languages of `index`'s chapter that no installed voice speaks.
    func unvoicedLanguages(of index: Int) -> [String] {
        guard let entry = chapters[index] else { return [] }
        return lock.withLock { _ in builder.unvoicedLanguages(of: entry.chapter) }
    }

    /// The voice the book is read with.
    var bookVoice: String { lock.withLock { _ in builder.voices.bookVoice } }
}
