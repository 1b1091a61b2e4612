import Foundation

/// Renders a book's chapters into an output folder: per-chapter audio and
/// timing sidecars from worker processes, then `book.json` and `book.m3u8`.
///
/// The parent builds each job's `ChapterScript` (the workers never open the
/// book). A rerun resumes: a chapter whose cache key (a hash of its scripts)
/// matches the one in the folder's `book.json`, with both its files present,
/// is kept as it is. `book.json` is rewritten after every finished chapter, so
/// an interrupted run loses at most the chapters in progress.
public struct ChapterStage {
    public var bookPath: String
    /// The opened book: its metadata, cover and lexicons go into the scripts.
    public var archive: EPUBArchive
    /// Every narrated chapter of the book, in reading order.
    public var chapters: [Chapter]
    /// Spine documents that could not be read; `book.json` lists them as skipped.
    public var unreadable: [UnreadableChapter]
    /// Spine positions to render now; nil for all. Other chapters already
    /// rendered with the same settings stay in `book.json`.
    public var selection: ChapterSelection?
    public var settings: ChapterSettings
    public var outputFolder: String
    /// Worker processes at once.
    public var jobs: Int
    /// Re-render chapters even when their cache keys match.
    public var force: Bool
    /// This program's executable, started as the worker.
    public var workerExecutable: String
    /// Worker processes shared with other renders running at the same time (a batch); nil for none.
    public var budget: WorkerBudget?
    /// The single-file audiobook whose parts the workers encode with each chapter; nil without one.
    public var singleFile: SingleFileParts?
    /// Asked once the chapters are rendered and `book.json` records them, before the playlist: throws to
    /// refuse the book (`--strict`, `StrictPolicy`), leaving the finished chapters for a rerun as an
    /// interruption does. Nil to refuse nothing.
    public var refusal: (@Sendable () throws(RenderError) -> Void)?

    public var book: Book { archive.book }

    public init(bookPath: String, archive: EPUBArchive, chapters: [Chapter], unreadable: [UnreadableChapter] = [],
                selection: ChapterSelection?, settings: ChapterSettings,
                outputFolder: String, jobs: Int, force: Bool, workerExecutable: String) {
        self.bookPath = bookPath
        self.archive = archive
        self.chapters = chapters
        self.unreadable = unreadable
        self.selection = selection
        self.settings = settings
        self.outputFolder = outputFolder
        self.jobs = jobs
        self.force = force
        self.workerExecutable = workerExecutable
    }

    /// Renders the selected chapters; chapters that fail are reported, left
    /// out and listed in `book.json` as skipped. Throws `RenderInterrupted`
    /// when `cancellation` fires.
    public func run(cancellation: RenderCancellation = RenderCancellation(),
                    onEvent: @escaping @Sendable (ChapterEvent) -> Void) throws -> ChapterStageSummary {
        RenderTrace.mark("render-start", bookPath)
        defer { RenderTrace.mark("render-end", bookPath) }
        let engine = try SpeechEngine.shared()
        let created = try Self.prepareFolder(outputFolder)
        let folder = URL(fileURLWithPath: outputFolder).standardizedFileURL.path
        let previous = Self.existingManifest(in: folder)
        let scripts = ScriptSource(builder: try ScriptBuilder(archive: archive, settings: settings, engine: engine, folder: folder,
                                                              trackCount: chapters.count, singleFile: singleFile),
                                   chapters: chapters)
        var plan: [(chapter: Chapter, key: String)] = []
        // The voices each chapter's scripts speak with, in the order first heard: book.json's `voices`.
        var voicesUsed: [Int: [String]] = [:]
        for chapter in chapters {
            do {
                let chapterScripts = try scripts.scripts(of: chapter)
                var seen: Set<String> = []
                voicesUsed[chapter.index] = chapterScripts.flatMap { $0.sentences.flatMap { $0.pieces.map(\.voice) } }
                    .filter { seen.insert($0).inserted }
                plan.append((chapter, try ChapterCacheKey.make(scripts: chapterScripts, engineVersion: engine.version)))
            } catch {
                throw RenderError(.worker, file: chapter.href, "cannot work out what to speak: \(error)", cause: error)
            }
        }
        let partNames = partFiles(plan)
        scripts.setParts(partNames)
        let exists = { (name: String?) in name.map { FileManager.default.fileExists(atPath: folder + "/" + $0) } ?? true }
        // An earlier render's chapter whose key matches and whose own files are there.
        let earlier = Dictionary(uniqueKeysWithValues: plan.compactMap { entry -> (Int, BookManifest.Chapter)? in
            guard let old = previous?.chapters.first(where: { $0.index == entry.chapter.index && $0.key == entry.key }),
                  exists(old.audio), exists(old.timing) else { return nil }
            return (entry.chapter.index, old)
        })
        let kept = plan.compactMap { entry -> BookManifest.Chapter? in
            guard let old = earlier[entry.chapter.index], exists(partNames[entry.chapter.index]) else { return nil }
            let selected = selection?.contains(entry.chapter.index) ?? true
            return selected && force ? nil : old
        }
        let keptIndexes = Set(kept.map(\.index))
        // The selected chapters, and an earlier one without its part of the single file
        // (rendered without --audiobook), which the single file needs spoken again.
        let work = plan.filter { entry in
            ((selection?.contains(entry.chapter.index) ?? true) || earlier[entry.chapter.index] != nil)
                && !keptIndexes.contains(entry.chapter.index)
        }.flatMap { entry -> [ChapterJob] in
            guard let slices = scripts.plan(of: entry.chapter) else {
                return [ChapterJob(index: entry.chapter.index, slice: nil, units: entry.chapter.text.utf16Count)]
            }
            return slices.slices.indices.map { slice in
                ChapterJob(index: entry.chapter.index, slice: slice, units: slices.units(of: slice, in: entry.chapter))
            }
        }
        let jobs = work
        let keys = Dictionary(uniqueKeysWithValues: plan.map { ($0.chapter.index, $0.key) })
        let state = Locked(ManifestState(kept: kept, unreadable: unreadable))
        let bookVoice = scripts.bookVoice
        let dialogue = scripts.dialogueEntry()
        let (book, settings, chapters, encoderName, used) = (book, settings, chapters, encoderName, voicesUsed)
        let makeManifest = { @Sendable (state: ManifestState) in
            var manifest = BookManifest(
                title: book.metadata.title, authors: book.metadata.creators, language: book.metadata.language,
                voice: bookVoice, rate: .init(preset: settings.rateName, wpm: settings.wpm),
                engine: .init(followRender: FollowRenderVersion.current, espeakNG: engine.version, encoder: encoderName),
                duration: Seconds(state.chapters.values.reduce(0) { $0 + $1.duration.value }),
                chapters: state.chapters.values.sorted { $0.index < $1.index },
                skipped: state.skipped.values.sorted { $0.index < $1.index }
            )
            manifest.voices = BookManifest.voices(manifest.chapters.map { used[$0.index] ?? [] }, bookVoice: bookVoice)
            manifest.voiceParameters = settings.voiceParameters.isStandard ? nil : settings.voiceParameters
            manifest.pauses = settings.pauses == .standard ? nil : settings.pauses
            manifest.dialogue = dialogue
            return manifest
        }
        let manifestPath = folder + "/" + OutputNaming.manifestFile
        let manifestFile = ManifestFile(path: manifestPath)
        if !jobs.isEmpty || previous == nil { try manifestFile.write(makeManifest(state.value)) }
        onEvent(.planned(indices: jobs.map(\.index).enumerated().filter { $0.offset == 0 || jobs[$0.offset - 1].index != $0.element }
            .map(\.element)))
        let slices = SliceCollector()
        RenderTrace.mark("planned", "\(jobs.count) jobs")
        let pool = WorkerPool(executable: workerExecutable, width: min(jobs.count, self.jobs), budget: budget,
                              label: URL(fileURLWithPath: bookPath).lastPathComponent)
        // Longest first, slices and whole chapters alike, so the last job to finish is a short one.
        let ordered = work.enumerated().sorted { ($0.element.units, $1.offset) > ($1.element.units, $0.offset) }.map(\.element)
        let (codec, single) = (singleFile?.codec, settings.format == nil ? singleFile?.relativePath(from: folder) : nil)
        _ = pool.run(ordered, script: { job throws(RenderError) in try scripts.line(for: job) },
                     cancellation: cancellation) { workerEvent in
            guard var event = slices.translate(workerEvent, join: { parts in
                let chapter = chapters.first { $0.index == parts[0].index }
                guard let chapter else { throw RenderError(.noChapter, "no chapter \(parts[0].index)") }
                RenderTrace.mark("join-start", "\(chapter.index)")
                defer { RenderTrace.mark("join-end", "\(chapter.index)") }
                var joiner = SliceJoiner(chapter: chapter, folder: folder, parts: parts)
                if let codec, let name = partNames[chapter.index] { joiner.part = (name, codec) }
                joiner.singleFile = single
                do {
                    return try joiner.join()
                } catch let error as RenderError where error.isDiskFull {
                    pool.stop(error)
                    throw error
                }
            }) else { return }
            // Once the disk is full, that is the one reason: the chapters it stopped are not reported one by one.
            if case .failed = event, pool.stoppedBy != nil { return }
            if case var .finished(result) = event {
                result.unvoicedLanguages = scripts.unvoicedLanguages(of: result.index)
                event = .finished(result)
                let manifest = state.update { state in
                    state.record(result, key: keys[result.index] ?? "")
                    return makeManifest(state)
                }
                try? manifestFile.write(manifest)
            }
            if case let .failed(index, reason) = event {
                guard cancellation.cancelledBy == nil else { return }
                let href = chapters.first { $0.index == index }?.href ?? ""
                state.update { $0.skipped[index] = .init(index: index, href: href, reason: reason) }
            }
            onEvent(event)
        }
        Self.removePartialFiles(in: folder, madeBy: pool.started.union([ProcessInfo.processInfo.processIdentifier]))
        if let full = pool.stoppedBy?.diskFullCause {
            // What finished is recorded if it still fits, and the rerun resumes from it; with nothing finished,
            // nothing is left behind.
            let manifest = makeManifest(state.value)
            if manifest.chapters.isEmpty {
                try? FileManager.default.removeItem(atPath: manifestPath)
                if created { try? FileManager.default.removeItem(atPath: folder) }
            } else {
                try? AtomicFile.write(JSONCoding.data(manifest, pretty: true), to: manifestPath)
            }
            throw full
        }
        var final = makeManifest(state.value)
        if singleFile != nil { Self.removeStaleParts(in: folder, of: final.chapters, keeping: Set(partNames.values)) }
        // The single-file audiobook still matches when no chapter changed (see AudiobookStep).
        final.setTOC(TOCBuilder(navigation: BookNavigation(book: book), chapters: chapters).entries(for: final, folder: folder))
        if let previous, previous.chapters == final.chapters, previous.toc.map({ $0.map(\.untimed) }) == final.toc {
            final.audiobook = previous.audiobook
            final.setTOC(previous.toc)
        }
        try manifestFile.write(final)
        if let signal = cancellation.cancelledBy {
            throw RenderInterrupted(signal: signal, folder: folder, kept: final.chapters.count)
        }
        if final.chapters.isEmpty, let first = final.skipped.first {
            try? FileManager.default.removeItem(atPath: manifestPath)
            if created { try? FileManager.default.removeItem(atPath: folder) }
            throw RenderError(.nothingRendered, "no chapter could be rendered: chapter \(first.index) (\(first.href)): \(first.reason)")
        }
        try refusal?()
        if settings.format != nil {
            try AtomicFile.write(Data(Playlist.m3u8(final).utf8), to: folder + "/" + OutputNaming.playlistFile)
        }
        let reused = Set(kept.map(\.index))
        return ChapterStageSummary(folder: folder, manifest: final,
                             rendered: final.chapters.map(\.index).filter { !reused.contains($0) }, reused: kept.count)
    }

    private var encoderName: String {
        switch settings.format {
        case .mp3?: "LAME \(AudioEncoders.lameVersion)"
        case nil: singleFile.map { $0.codec == .mp3 ? "LAME \(AudioEncoders.lameVersion)" : "FFmpeg \($0.codec.encoderName)" } ?? ""
        default: AudioEncoders.sndfileVersion
        }
    }

    /// Each chapter's part of the single file, by spine position, named by its key; empty without one.
    private func partFiles(_ plan: [(chapter: Chapter, key: String)]) -> [Int: String] {
        guard let singleFile, singleFile.needsPart(format: settings.format) else { return [:] }
        return Dictionary(uniqueKeysWithValues: plan.map { entry in
            (entry.chapter.index, singleFile.partFile(stem: OutputNaming.stem(index: entry.chapter.index, title: entry.chapter.title),
                                                      chapterKey: entry.key))
        })
    }

    /// Removes the parts of the single file that no longer match a chapter of
    /// `chapters` (an earlier key, or another format), keeping `current`.
    private static func removeStaleParts(in folder: String, of chapters: [BookManifest.Chapter], keeping current: Set<String>) {
        let stems = Set(chapters.map { OutputNaming.stem(index: $0.index, title: $0.title) })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !current.contains(name) {
            if stems.contains(where: { SingleFileParts.isPart(name, stem: $0) }) {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
    }

    /// The manifest of an earlier run, if the folder holds a readable one of a version this program reads.
    private static func existingManifest(in folder: String) -> BookManifest? {
        try? OwnFiles.manifest(in: folder)
    }

    /// Removes temporary files that this run's stopped workers left behind.
    private static func removePartialFiles(in folder: String, madeBy pids: Set<Int32>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where AtomicFile.isTemporary(name, madeBy: pids) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Creates the output folder, or says why it cannot be used; true when it
    /// did not exist before.
    static func prepareFolder(_ path: String) throws(RenderError) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw RenderError(.outputFolder, file: path, "exists and is not a folder") }
            guard FileManager.default.isWritableFile(atPath: path) else {
                throw RenderError(.outputFolder, file: path, "the output folder is not writable")
            }
            return false
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw RenderError(.outputFolder, file: path, "cannot create the output folder: \(error.localizedDescription)", cause: error)
            }
            return true
        }
    }
}

/// The chapters of `book.json` as a render fills it in.
private struct ManifestState {
    var chapters: [Int: BookManifest.Chapter]
    var skipped: [Int: BookManifest.Skipped] = [:]

    init(kept: [BookManifest.Chapter], unreadable: [UnreadableChapter]) {
        chapters = Dictionary(uniqueKeysWithValues: kept.map { ($0.index, $0) })
        for failure in unreadable {
            skipped[failure.index] = .init(index: failure.index, href: failure.path, reason: failure.reason)
        }
    }

    mutating func record(_ result: ChapterResult, key: String) {
        chapters[result.index] = .init(index: result.index, href: result.href, title: result.title, audio: result.audio,
                                       timing: result.timing, duration: result.duration, key: key)
        skipped[result.index] = nil
    }
}
