import Foundation

/// Renders a book's chapters into an output folder: per-chapter audio and
/// timing sidecars from worker processes, then `book.json` and `book.m3u8`.
public struct BookRenderer {
    public var bookPath: String
    public var book: Book
    public var chapters: [Chapter]
    public var settings: RenderSettings
    public var outputFolder: String
    /// Worker processes at once.
    public var jobs: Int
    /// This program's executable, started as the worker.
    public var workerExecutable: String

    public init(bookPath: String, book: Book, chapters: [Chapter], settings: RenderSettings, outputFolder: String,
                jobs: Int, workerExecutable: String) {
        self.bookPath = bookPath
        self.book = book
        self.chapters = chapters
        self.settings = settings
        self.outputFolder = outputFolder
        self.jobs = jobs
        self.workerExecutable = workerExecutable
    }

    /// Renders every chapter; chapters that fail are reported and left out.
    public func run(onEvent: @escaping @Sendable (RenderEvent) -> Void) throws -> RenderSummary {
        try Self.prepareFolder(outputFolder)
        let engine = try SpeechEngine.shared()
        let voices = try VoiceResolver(engine: engine, forced: settings.voice, bookLanguage: book.metadata.language)
        let folder = URL(fileURLWithPath: outputFolder).standardizedFileURL.path
        let jobs = chapters.enumerated().map { position, chapter in
            ChapterJob(bookPath: bookPath, index: chapter.index, settings: settings, outputFolder: folder,
                       track: position + 1, trackCount: chapters.count)
        }
        let largestFirst = jobs.sorted { size(of: $0.index) > size(of: $1.index) }
        let results = WorkerPool(executable: workerExecutable, width: jobs.count < self.jobs ? jobs.count : self.jobs)
            .run(largestFirst, onEvent: onEvent)
        let rendered = chapters.compactMap { chapter -> ChapterResult? in
            if case let .success(result) = results[chapter.index] { return result }
            return nil
        }
        let failed = chapters.compactMap { chapter -> (Int, String)? in
            if case let .failure(error) = results[chapter.index] { return (chapter.index, error.description) }
            return nil
        }
        let manifest = BookManifest(
            title: book.metadata.title,
            authors: book.metadata.creators,
            language: book.metadata.language,
            voice: voices.bookVoice,
            rate: .init(preset: settings.rateName, wpm: settings.wpm),
            engine: .init(followRender: FollowRenderVersion.current, espeakNG: engine.version, encoder: encoderName),
            duration: Seconds(rendered.reduce(0) { $0 + $1.duration.value }),
            chapters: rendered.map {
                .init(index: $0.index, href: $0.href, title: $0.title, audio: $0.audio, timing: $0.timing, duration: $0.duration)
            }
        )
        try AtomicFile.write(JSONCoding.data(manifest, pretty: true), to: folder + "/" + OutputNaming.manifestFile)
        try AtomicFile.write(Data(Playlist.m3u8(manifest).utf8), to: folder + "/" + OutputNaming.playlistFile)
        return RenderSummary(folder: folder, manifest: manifest, failures: failed)
    }

    private var encoderName: String {
        settings.format == .mp3 ? "LAME \(AudioEncoders.lameVersion)" : AudioEncoders.sndfileVersion
    }

    private func size(of index: Int) -> Int {
        chapters.first { $0.index == index }?.text.utf16Count ?? 0
    }

    /// Creates the output folder, or says why it cannot be used.
    static func prepareFolder(_ path: String) throws(RenderError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw RenderError("\(path): exists and is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw RenderError("\(path): cannot create the output folder: \(error.localizedDescription)")
            }
        }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw RenderError("\(path): the output folder is not writable")
        }
    }
}

/// The outcome of a book render.
public struct RenderSummary: Sendable {
    /// Absolute path of the output folder.
    public var folder: String
    public var manifest: BookManifest
    /// Chapters that could not be rendered: spine index and reason.
    public var failures: [(Int, String)]
}
