import Foundation

/// `follow-render preview`: the first seconds of a chapter's narration,
/// spoken with exactly the script a render would give a worker (voice,
/// variant, pitch, intonation, rate, pauses, lexicons, spoken forms; see
/// `ScriptBuilder`), into one audio file, in this process and without an
/// output folder: a quick listen before a long render.
///
/// Only the sentences that can fit in the time asked for are worked out and
/// spoken, and speech stops as soon as the time is reached, so a preview costs
/// about the same for a novel as for a short story.
public struct NarrationPreview {
    public var bookPath: String
    public var settings: ChapterSettings
    /// The spine position to preview; nil for the first chapter of body matter (else the first narrated one).
    public var chapter: Int?
    /// The length of the preview, in seconds.
    public var seconds: Double
    /// The file to write; its extension (`.mp3`, `.wav`, `.flac`, `.ogg`) picks the format.
    public var output: String
    public var strict: Bool
    /// Which chapters a preview without `chapter` may pick (`--matter`).
    public var matter: MatterSelection = .all

    /// The longest preview allowed.
    public static let secondsRange = 1.0...600.0
    /// Faded out at the cut.
    static let fadeSeconds = 0.05

    public init(bookPath: String, settings: ChapterSettings, chapter: Int? = nil, seconds: Double = 30, output: String,
                strict: Bool = false) {
        self.bookPath = bookPath
        self.settings = settings
        self.chapter = chapter
        self.seconds = seconds
        self.output = output
        self.strict = strict
    }

    /// What a preview wrote.
    public struct Result: Sendable {
        public var output: String
        public var chapterIndex: Int
        public var chapterTitle: String
        /// The length of the file, as a player decodes it.
        public var duration: Seconds
        /// Sentences begun in it.
        public var sentences: Int
        public var voice: String
    }

    /// The audio format of an output path, by its extension; nil for another.
    public static func format(of path: String) -> AudioFormat? {
        AudioFormat(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Writes the preview; warnings about the book go to `warn`. The file is
    /// written under a temporary name and renamed when complete.
    public func write(warn: (RenderWarning) -> Void) throws -> Result {
        guard let format = Self.format(of: output) else {
            let reason = "the preview is written as .mp3, .wav, .flac or .ogg, not '\(URL(fileURLWithPath: output).pathExtension)'"
            throw RenderError(.setting, file: output, reason, cause: SettingError(.sample, reason))
        }
        try OutputSafety(inputs: [bookPath] + settings.lexicons).checkFile(output, option: "\(Setting.sample)")
        var warnings: [RenderWarning] = []
        let archive = try BookOpener.open(bookPath, input: settings.input) { warnings.append($0); warn($0) }
        try StrictPolicy(strict: strict, book: bookPath).check(warnings)
        var chapter = try previewChapter(of: archive)
        let engine = try SpeechEngine.shared()
        // Words a preview can hold, generously: eSpeak's 1x is about 175 words a minute.
        let wordBudget = Int(seconds * settings.speed * 175 / 60 * 2) + 8
        var words = 0
        chapter.sentences = Array(chapter.sentences.prefix { sentence in
            defer { words += sentence.words.count }
            return words < wordBudget
        })
        let folder = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent().path
        var single = settings
        single.format = format
        let builder = try ScriptBuilder(archive: archive, settings: single, engine: engine, folder: folder, trackCount: 1)
        let script = try builder.script(for: chapter, track: 1, slice: nil)
        let metadata = archive.book.metadata
        let tags = AudioTags(title: "Preview: \(chapter.title)", album: metadata.title,
                             artist: metadata.creators.joined(separator: ", "))
        let limit = Int((seconds * Double(engine.sampleRate)).rounded())
        var sentences = 0
        var duration = Seconds(0)
        try AtomicFile.write(to: output) { (temporary: String) throws in
            let file = try makeAudioWriter(format: format, path: temporary, sampleRate: engine.sampleRate, bitrate: settings.bitrate,
                                           tags: tags)
            let writer = PreviewLimitWriter(file, limit: max(0, limit - file.leadingSamples),
                                            fade: Int(Self.fadeSeconds * Double(engine.sampleRate)))
            var renderer = ChapterRenderer(synthesizer: engine, script: script)
            renderer.sampleLimit = limit
            // The renderer finishes the writer: the file's length as a player decodes it.
            let timing = try renderer.render(into: writer, audioFile: output) { done, _ in sentences = done }
            duration = timing.audio.duration
        }
        return Result(output: output, chapterIndex: chapter.index, chapterTitle: chapter.title,
                      duration: duration, sentences: sentences,
                      voice: builder.voices.bookVoice)
    }

    /// The chapter asked for, segmented; or the first of body matter long
    /// enough for the preview (a title page or a short epigraph would say
    /// little), else the longest body chapter, else the first narrated one.
    private func previewChapter(of archive: EPUBArchive) throws -> Chapter {
        var options = settings.narrationOptions
        options.matter = matter
        if let index = chapter {
            return try BookOpener.chapter(index, of: archive, path: bookPath, options: options)
        }
        let reader = ChapterReader(archive: archive, options: options)
        // About five UTF-16 units a word, 175 words a minute at 1x.
        let enough = Int(seconds * settings.speed * 175 / 60 * 5)
        var first: Chapter?
        var longest: Chapter?
        for item in reader.narratedItems {
            guard let found = try? reader.unsegmentedChapter(item) else { continue }
            if first == nil { first = found }
            guard found.matter.isBody else { continue }
            if found.text.utf16Count >= enough { longest = found; break }
            if found.text.utf16Count > longest?.text.utf16Count ?? -1 { longest = found }
        }
        guard var chosen = longest ?? first else {
            throw BookError(.noText, file: bookPath, "no narratable text: no spine document has text to read")
        }
        chosen.sentences = try Segmenter.sentences(in: chosen.text)
        return chosen
    }
}
