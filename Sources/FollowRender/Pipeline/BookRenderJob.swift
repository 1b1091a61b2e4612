import Foundation

/// The whole render of a book, as the CLI's render command runs it: opens the
/// book, reads its chapters, renders them in worker processes into the output
/// folder (resuming an earlier run), applies the `--strict` policy, then runs
/// the output steps (media-overlay EPUB, sync exports …) on the rendered folder.
///
/// Progress and warnings go to the event sink; nothing is printed. Errors are
/// the failing stage's own (`BookError`, `RenderError`, `OutputSafetyError` …)
/// naming the file (`ReportedError`), except `RenderInterrupted` when the
/// cancellation fires.
public struct BookRenderJob: Sendable {
    public var options: BookRenderOptions
    /// Steps run after the overlay EPUB and before the sync exports, which
    /// read what the steps before them wrote.
    public var additionalSteps: [any OutputStep]

    public init(options: BookRenderOptions, additionalSteps: [any OutputStep] = []) {
        self.options = options
        self.additionalSteps = additionalSteps
    }

    /// The output steps of these options, in the order they run.
    public var outputSteps: [any OutputStep] {
        var steps: [any OutputStep] = []
        if let epub = options.epub { steps.append(MediaOverlayStep(epub)) }
        if let audiobook = options.audiobook { steps.append(AudiobookStep(audiobook)) }
        if let tracks = options.tracks { steps.append(TracksStep(tracks)) }
        if options.web { steps.append(WebPlayerStep()) }
        steps += additionalSteps
        if !options.sync.isEmpty { steps.append(SyncExportStep(options.sync)) }
        return steps
    }

    /// Runs the job; `onEvent` is called on this thread and, during synthesis,
    /// from worker threads (serialized).
    public func run(cancellation: RenderCancellation = RenderCancellation(),
                    onEvent: @escaping @Sendable (BookRenderEvent) -> Void) throws -> ChapterStageSummary {
        let path = options.bookPath
        RenderTrace.mark("job-start", path)
        defer { RenderTrace.mark("job-end", path) }
        // Every warning is reported as it is found and kept; `--strict` is decided
        // from them by one policy after each stage, so a refused book stops early.
        let reported = Locked<[RenderWarning]>([])
        let warn: @Sendable (RenderWarning) -> Void = { warning in
            reported.update { $0.append(warning) }
            onEvent(.warning(warning))
        }
        let policy = StrictPolicy(strict: options.strict, book: path)
        try checkOutputPaths()
        let archive = try BookOpener.open(path, input: options.settings.input, warn: warn)
        try policy.check(reported.value)
        if let cover = archive.book.metadata.coverPath, let size = archive.size(of: cover),
           let warning = AudioTags.coverWarning(size: size, audiobook: options.audiobook != nil) {
            warn(RenderWarning(warning, book: path, severity: .notice))
        }
        let (chapters, unreadable) = try BookOpener.chapters(of: archive, path: path, options: options.narrationOptions, warn: warn)
        try policy.check(reported.value)
        if let chosen = options.selection, !chapters.contains(where: { chosen.contains($0.index) }) {
            throw RenderError(.noChapter, file: path, "\(Setting.chapters) selects no narrated chapter (see \(CommandReference.chapters))")
        }
        try checkFolderContents(chapters: chapters, archive: archive)
        try PronunciationStage.prepare(
            archive: archive, bookPath: path, chapters: chapters,
            checked: chapters.filter { options.selection?.contains($0.index) ?? true },
            lexicons: options.settings.lexicons, normalize: options.settings.normalize, voice: options.settings.voice
        ) { line in onEvent(.note(line)) } warn: { warn($0) }
        try policy.check(reported.value)
        let folder = try outputFolder()
        defer { if options.isTemporary { try? FileManager.default.removeItem(atPath: folder) } }
        var renderer = ChapterStage(bookPath: path, archive: archive, chapters: chapters, unreadable: unreadable,
                                    selection: options.selection, settings: options.settings, outputFolder: folder,
                                    jobs: options.jobs, force: options.force, workerExecutable: try workerExecutable())
        renderer.budget = options.workerBudget
        // A chapter skipped during synthesis was warned of as it failed (and an unreadable one when the
        // chapters were read): `book.json`'s `skipped` lists just these, so the warnings decide alone, before
        // the playlist, the summary and the output steps.
        renderer.refusal = { () throws(RenderError) in try policy.check(reported.value) }
        renderer.singleFile = options.audiobook.map { request in
            let metadata = AudiobookMetadata(book: archive.book, archive: nil, narrator: "")
            return SingleFileParts(codec: request.format.codec, path: request.singleFilePath(metadata: metadata))
        }
        let sampleRate: Int
        do {
            sampleRate = try SpeechEngine.shared().sampleRate
        } catch {
            throw ReportedError.of(error, for: path, otherwise: .speech)
        }
        onEvent(.prepared(chapters: chapters, sampleRate: sampleRate))
        let started = Date()
        let unvoiced = Locked<[String]>([])
        let summary: ChapterStageSummary
        do {
            summary = try renderer.run(cancellation: cancellation) { event in
                if case let .finished(result) = event {
                    unvoiced.update { known in known += result.unvoicedLanguages.filter { !known.contains($0) } }
                }
                onEvent(.chapter(event))
                if case let .failed(index, reason) = event {
                    let href = chapters.first { $0.index == index }?.href ?? "?"
                    warn(.skipped(chapter: index, href: href, reason: reason, book: path))
                }
            }
        } catch let interrupted as RenderInterrupted {
            throw interrupted
        } catch let full as RenderError where full.kind == .diskFull {
            // One line: the file that could not be written, or (a worker's) the output folder; the rerun resumes.
            guard full.file != nil else { throw RenderError(.diskFull, file: folder, RenderError.diskFull(file: folder).reason, cause: full) }
            throw full
        } catch {
            throw ReportedError.of(error, for: path, otherwise: .worker)
        }
        onEvent(.rendered(summary, elapsed: Date().timeIntervalSince(started)))
        if !unvoiced.value.isEmpty {
            let languages = unvoiced.value.map { "'\($0)'" }.joined(separator: ", ")
            warn(RenderWarning(.unvoicedLanguage, severity: .notice, file: path,
                               message: "no installed eSpeak NG voice speaks \(languages); read with voice '\(summary.manifest.voice)'"))
        }
        let context = RenderOutputContext(options: options, archive: archive, chapters: chapters, summary: summary,
                                          cancellation: cancellation, emit: onEvent)
        for step in outputSteps { try step.write(context) }
        return summary
    }

    /// The output folder, or nil for a temporary one (made by `outputFolder`).
    var plannedFolder: String? {
        switch options.folder {
        case let .path(path):
            return path
        case .namedAfterBook:
            let name = URL(fileURLWithPath: options.bookPath).deletingPathExtension().lastPathComponent
            return FileManager.default.currentDirectoryPath + "/" + (name.isEmpty ? "book" : name)
        case .temporary:
            return nil
        }
    }

    private func outputFolder() throws -> String {
        if let plannedFolder { return plannedFolder }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("follow-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func workerExecutable() throws(RenderError) -> String {
        if let executable = options.workerExecutable { return executable }
        guard let path = Bundle.main.executableURL?.resolvingSymlinksInPath().path else {
            throw RenderError(.worker, file: CommandLine.arguments[0], "cannot find this program's own executable")
        }
        return path
    }
}
