import Foundation

/// One chapter to render: what a worker process is given. Workers open the
/// book themselves, so a job is small enough to pass on the command line.
public struct ChapterJob: Hashable, Sendable, Codable {
    public var bookPath: String
    /// 1-based spine position.
    public var index: Int
    public var settings: RenderSettings
    public var outputFolder: String
    /// Position among the rendered chapters, and their number, for track tags.
    public var track: Int
    public var trackCount: Int
    /// For a long chapter split by its `SegmentPlan`, the one segment to render
    /// (a bare MP3 stream the parent joins); nil for the whole chapter.
    public var segment: Int?

    public init(bookPath: String, index: Int, settings: RenderSettings, outputFolder: String, track: Int, trackCount: Int,
                segment: Int? = nil) {
        self.bookPath = bookPath
        self.index = index
        self.settings = settings
        self.outputFolder = outputFolder
        self.track = track
        self.trackCount = trackCount
        self.segment = segment
    }

    /// Renders the chapter in this process: its audio and timing sidecar appear
    /// in the output folder under their final names when, and only when, done.
    ///
    /// `progress` gets the sentences done and the audio samples written.
    public func run(progress: (Int, Int) -> Void) throws -> ChapterResult {
        let archive = try BookSource.open(path: bookPath, options: settings.input)
        guard let item = archive.book.spine.first(where: { $0.index == index }) else {
            throw RenderError(.noChapter, "no spine item \(index)")
        }
        let reader = ChapterReader(archive: archive, options: settings.narrationOptions)
        guard let chapter = try reader.chapter(item) else {
            throw RenderError(.noChapter, file: item.path, "no narratable text")
        }
        let plan = segment.map { _ in SegmentPlan(chapter: chapter) }
        if let plan, let segment, !plan.segments.indices.contains(segment) {
            throw RenderError(.noChapter, "chapter \(index) has no segment \(segment)")
        }
        // A segment's worker works out the spoken forms of its own sentences only (each
        // sentence's form depends on that sentence alone). Lexicon warnings were shown by
        // the process that planned the render.
        var spoken = chapter
        if let plan, let segment { spoken.sentences = Array(chapter.sentences[plan.segments[segment]]) }
        let spokenForms = try Pronouncer(archive: archive, lexiconPaths: settings.lexicons) { _ in }
            .spokenSentences(of: spoken)
        RenderTrace.mark("worker-ready", "\(index).\(segment ?? 0)")
        let engine = try SpeechEngine.shared()
        let voices = try VoiceResolver(engine: engine, forced: settings.voice, bookLanguage: archive.book.metadata.language)
        let audioFile = OutputNaming.audioFile(index: index, title: chapter.title, format: settings.format)
        let timingFile = OutputNaming.timingFile(index: index, title: chapter.title)
        let audioPath = outputFolder + "/" + audioFile
        let sampleRate = engine.sampleRate
        var renderer = ChapterRenderer(engine: engine, settings: settings, voices: voices, spokenForms: spokenForms)
        renderer.firstSpokenSentence = plan.flatMap { plan in segment.map { plan.segments[$0].lowerBound } } ?? 0
        var result = ChapterResult(
            index: index, href: chapter.href, title: chapter.title, audio: audioFile, timing: timingFile,
            duration: Seconds(0), sentences: chapter.sentences.count, words: chapter.wordCount,
            sampleRate: sampleRate, unvoicedLanguages: []
        )
        if let plan, let segment {
            let file = ".\(audioFile).segment-\(segment).partial-\(ProcessInfo.processInfo.processIdentifier)"
            let writer = try MP3Writer(path: outputFolder + "/" + file, sampleRate: sampleRate, bitrate: settings.bitrate,
                                       tags: tags(for: chapter, in: archive), infoTag: false, id3Tag: segment == 0)
            let timing = try renderer.render(chapter, segment: (plan, segment), into: writer, audioFile: audioFile, progress: progress)
            result.segment = SegmentPart(index: segment, count: plan.segments.count, file: file, timing: timing)
            result.unvoicedLanguages = voices.unvoicedLanguages
            return result
        }
        let timing = try SidecarFile.produceChapter(audio: audioPath, sidecar: outputFolder + "/" + timingFile) { temporary in
            let writer = try makeAudioWriter(format: settings.format, path: temporary, sampleRate: sampleRate,
                                             bitrate: settings.bitrate, tags: tags(for: chapter, in: archive))
            return try renderer.render(chapter, into: writer, audioFile: audioFile, progress: progress)
        }
        result.duration = timing.audio.duration
        // The resolver learns the unvoiced languages while the chapter is spoken.
        result.unvoicedLanguages = voices.unvoicedLanguages
        return result
    }

    /// Cover formats ID3 players show; an SVG or WebP cover is left out of the tags.
    private static let embeddableCoverTypes: Set<String> = ["image/jpeg", "image/png", "image/gif"]

    private func tags(for chapter: Chapter, in archive: EPUBArchive) -> AudioTags {
        let metadata = archive.book.metadata
        let coverType = metadata.coverPath.flatMap { path in archive.book.manifest.first { $0.path == path }?.mediaType }
        let embeddable = coverType.map(Self.embeddableCoverTypes.contains) ?? false
        let cover = embeddable ? AudioTags.embeddable(metadata.coverPath.flatMap { path in try? archive.data(at: path) }) : nil
        return AudioTags(title: chapter.title, album: metadata.title, artist: metadata.creators.joined(separator: ", "),
                         track: track, trackCount: trackCount, cover: cover, coverMediaType: coverType)
    }
}

/// What a worker reports about a rendered chapter.
public struct ChapterResult: Hashable, Sendable, Codable {
    public var index: Int
    public var href: String
    public var title: String
    public var audio: String
    public var timing: String
    public var duration: Seconds
    public var sentences: Int
    public var words: Int
    public var sampleRate: Int
    /// Languages read with the fallback voice because none of their own is installed.
    public var unvoicedLanguages: [String]
    /// Set when the worker rendered one segment of a split chapter, which the parent joins.
    public var segment: SegmentPart?
}
