import CFFmpeg
import Foundation

/// Packages a rendered folder into one audiobook file with chapters (M4B,
/// M4A, MP3 or Ogg Opus) from the chapters' parts, which the workers encoded
/// from PCM while they spoke them (see `SingleFileParts`): the packets are
/// copied in book order (`AudiobookEncoding`), never decoded and encoded
/// again, one chapter at a time, so memory does not grow with the book.
///
/// Chapter N starts at the sum of the lengths of the parts before it,
/// sample-exact (`SingleFileLayout`); the encoder's delay and padding are
/// declared once (MP4 edit list and iTunSMPB, LAME info tag, Opus pre-skip), so
/// decoded time equals rendered time.
public struct AudiobookPackager: Sendable {
    /// The rendered folder's `book.json`.
    public var manifest: BookManifest
    /// The rendered folder (where `book.json`, the chapter audio and the parts are).
    public var folder: String
    public var metadata: AudiobookMetadata

    public init(manifest: BookManifest, folder: String, metadata: AudiobookMetadata) {
        self.manifest = manifest
        self.folder = folder
        self.metadata = metadata
    }

    /// Writes the single file at `path` (the format from its extension) and
    /// `book.cue` beside it, unless `previous` already describes an up-to-date
    /// file there. The file appears whole or not at all. Every chapter needs its
    /// part in this format (a render with `--audiobook` of this format made them),
    /// or for an MP3 file its chapter MP3.
    public func write(to path: String, previous: AudiobookEntry? = nil,
                      cancellation: RenderCancellation? = nil) throws(RenderError) -> AudiobookEntry {
        guard let format = AudiobookFormat(path: path) else {
            let setting = SettingError(.audiobook, "\(Setting.audiobook) takes a path ending in .m4b, .m4a, .mp3 or .opus")
            throw RenderError(.setting, file: path, setting.reason, cause: setting)
        }
        guard !manifest.chapters.isEmpty else { throw RenderError(.nothingRendered, file: folder, "no rendered chapter to package") }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let key = cacheKey(format: format)
        let file = relativeFile(absolute)
        if let previous, previous.key == key, previous.file == file, FileManager.default.fileExists(atPath: absolute) {
            return previous
        }
        let titles = chapterTitles
        let layout = try layout(codec: format.codec)
        let chapterMarks = marks(chapters: zip(zip(manifest.chapters, layout.chapters), titles).map { ($0.0.index, $1, $0.1.start, $0.1.end) },
                                 rate: layout.rate, fileEnd: layout.samples)
        let marks = chapterMarks.marks.map { (start: $0.start, end: $0.end, title: $0.title) }
        do {
            try AtomicFile.produce(at: absolute) { temporary in
                let encoding = try AudiobookEncoding(format: format, path: temporary, layout: layout, metadata: metadata, marks: marks,
                                                     tree: chapterMarks.tree)
                for (number, chapter) in layout.chapters.enumerated() {
                    if cancellation?.cancelledBy != nil { throw RenderError(.interrupted, file: temporary, "interrupted") }
                    try encoding.append(chapter, last: number == layout.chapters.count - 1)
                }
                try encoding.finish(metadata: metadata, marks: marks, samples: layout.samples)
            }
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.write, file: absolute, "\(error)", cause: error)
        }
        let seconds = { (samples: Int64) in Seconds(samples: Int(samples), sampleRate: Int(layout.rate)) }
        let entry = AudiobookEntry(
            file: file, format: format, duration: seconds(layout.samples),
            chapters: zip(manifest.chapters, layout.chapters).map { .init(index: $0.index, start: seconds($1.start), end: seconds($1.end)) },
            key: key)
        let cue = CueSheet(file: URL(fileURLWithPath: absolute).lastPathComponent, format: format, metadata: metadata,
                           chapters: chapterMarks.marks.map { ($0.title, seconds($0.start)) })
        try cue.write(to: URL(fileURLWithPath: absolute).deletingLastPathComponent().appendingPathComponent(CueSheet.fileName).path)
        return entry
    }

    /// Where the chapters fall in a single file of `codec`, from their parts (or chapter MP3s).
    func layout(codec: AudiobookCodec) throws(RenderError) -> SingleFileLayout {
        try SingleFileLayout(codec: codec, sources: try manifest.chapters.map { chapter throws(RenderError) in
            try source(of: chapter, codec: codec)
        })
    }

    /// Where a chapter's audio for the single file is, and whether that file is
    /// what its sidecar times: its MP3 for an MP3 file of MP3 chapters, else its part.
    private func source(of chapter: BookManifest.Chapter, codec: AudiobookCodec) throws(RenderError) -> (path: String, timesChapter: Bool) {
        if codec == .mp3, let audio = chapter.audio, audio.lowercased().hasSuffix(".mp3") { return (folder + "/" + audio, true) }
        let stem = OutputNaming.stem(index: chapter.index, title: chapter.title)
        let part = folder + "/" + SingleFileParts.partFile(stem: stem, chapterKey: chapter.key, codec: codec)
        guard FileManager.default.fileExists(atPath: part) else {
            throw RenderError(.unreadableInput, file: folder, "chapter \(chapter.index) has no \(codec.rawValue) part for the single file "
                                  + "(render it again with this \(Setting.audiobook) format)")
        }
        return (part, chapter.audio == nil)
    }

    /// The chapters' titles as the file carries them (made safe and readable).
    public var chapterTitles: [String] {
        manifest.chapters.map { SafeName.title($0.title, fallback: "Chapter \($0.index)") }
    }

    /// The marks of the manifest's table of contents over chapters laid out at `chapters` (samples at `rate`).
    func marks(chapters: [(index: Int, title: String, start: Int64, end: Int64)], rate: Int32, fileEnd: Int64) -> ChapterMarks {
        ChapterMarks(toc: manifest.toc, chapters: chapters, rate: rate, bookTitle: metadata.title, fileEnd: fileEnd)
    }

    /// The marks of the single file `entry` describes, in seconds (for the library's `metadata.json` and cue sheet).
    public func marks(of entry: AudiobookEntry) -> [(title: String, start: Seconds, end: Seconds)] {
        let rate: Int32 = 48000
        let samples = { (time: Seconds) in Int64((time.value * Double(rate)).rounded()) }
        let chapters = zip(entry.chapters, chapterTitles).map { ($0.index, $1, samples($0.start), samples($0.end)) }
        return marks(chapters: chapters, rate: rate, fileEnd: samples(entry.duration)).marks.map {
            ($0.title, Seconds(samples: Int($0.start), sampleRate: Int(rate)), Seconds(samples: Int($0.end), sampleRate: Int(rate)))
        }
    }

    /// Records `entry` as `book.json`'s `audiobook` object.
    public func record(_ entry: AudiobookEntry) throws(RenderError) {
        var updated = manifest
        updated.setAudiobook(entry)
        let path = folder + "/" + OutputNaming.manifestFile
        do {
            try AtomicFile.write(JSONCoding.data(updated, pretty: true), to: path)
        } catch {
            throw RenderError(.write, file: path, "\(error)", cause: error)
        }
    }

    /// Points the sidecars of chapters without audio of their own (`--format none`)
    /// at the single file at `path`: each one's `audio` becomes that file, the
    /// chapter's start in it and its span there (version 2). Sidecars already so are left as they are.
    public func placeSidecars(in entry: AudiobookEntry, file path: String) throws(RenderError) {
        let relative = SingleFileParts.relativePath(of: URL(fileURLWithPath: path).standardizedFileURL.path, from: folder)
        for (chapter, span) in zip(manifest.chapters, entry.chapters) where chapter.audio == nil {
            let sidecar = folder + "/" + chapter.timing
            var timing: ChapterTiming
            do {
                timing = try OwnFiles.timing(at: sidecar)
            } catch {
                throw RenderError(.unreadableInput, file: sidecar, error.reason, cause: error)
            }
            let audio = ChapterTiming.Audio(file: relative, sampleRate: timing.audio.sampleRate,
                                            duration: Seconds(span.end.value - span.start.value), start: span.start)
            guard timing.audio != audio else { continue }
            timing.audio = audio
            try SidecarFile.write(timing, to: sidecar)
        }
    }

    /// `path` relative to the rendered folder when inside it, else absolute.
    private func relativeFile(_ absolute: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// FNV-1a over everything that shapes the file.
    private func cacheKey(format: AudiobookFormat) -> String {
        var parts = manifest.chapters.map { "\($0.index) \($0.key) \($0.title) \($0.audio ?? "")" }
        parts += (manifest.toc ?? []).flatMap(\.flattened).map { "\($0.level) \($0.chapter) \($0.begin.milliseconds) \($0.title)" }
        parts += [format.rawValue, format.codec.settingsDescription,
                  metadata.title, metadata.artist, metadata.narrator, metadata.description ?? "", metadata.year ?? "",
                  metadata.publisher ?? "", metadata.language, "\(metadata.cover?.count ?? 0)", FollowRenderVersion.current]
        var hash = FNV1a()
        hash.add(parts.joined(separator: "\u{1F}"))
        return hash.hex
    }
}
