import FollowRender
import Foundation

/// The options `render` and `batch` share, read once for both: the speech,
/// the chapters and workers, the outputs, pronunciation and the input options.
/// Each command then checks what differs (a batch takes output file names, not
/// paths, and always writes chapter audio).
struct RenderArguments {
    var quiet: Bool
    var force: Bool
    var strict: Bool
    var formatName: String
    var chapters: ChapterSelection?
    var jobs: Int
    var sync: [SyncFormat]
    var web: Bool
    var epub: String?
    var granularity: String?
    var audiobook: String?
    var library: String?
    var tracks: String?
    var tracksDepth: String?
    /// `--include-notes`, `--matter`, `--lexicon`, `--normalize` and the input
    /// options: read as every command that reads a book reads them.
    var reading: BookReadingArguments
    var speech: SpeechArguments

    /// The options both commands read here, in the order render's help shows them
    /// (the input options apart).
    static let options: [CLIOption] = SpeechArguments.options
        + [.format, .chapters, .jobs, .includeNotes, .matter, .force, .strict, .sync, .web, .epub, .granularity,
           .audiobook, .library, .tracks, .tracksDepth, .quiet, .lexicon, .normalize]

    static func parse(_ arguments: inout Arguments) throws -> RenderArguments {
        RenderArguments(
            quiet: arguments.flag(.quiet), force: arguments.flag(.force),
            strict: arguments.flag(.strict),
            formatName: try arguments.value(.format) ?? "mp3", chapters: try chapterSelection(arguments.value(.chapters)),
            jobs: try arguments.integer(.jobs) ?? ProcessInfo.processInfo.activeProcessorCount,
            sync: try syncFormats(arguments.value(.sync)), web: arguments.flag(.web), epub: try arguments.value(.epub),
            granularity: try arguments.value(.granularity), audiobook: try arguments.value(.audiobook),
            library: try arguments.value(.library), tracks: try arguments.value(.tracks),
            tracksDepth: try arguments.value(.tracksDepth), reading: try BookReadingArguments.parse(&arguments),
            speech: try SpeechArguments.parse(&arguments)
        )
    }

    /// The render settings asked for, with lexicons and normalization.
    func settings(format: AudioFormat?) throws -> ChapterSettings {
        try speech.settings(format: format, reading: reading)
    }

    /// The render options these arguments ask for, of the book at `bookPath`
    /// into `folder`: the one place `render` and `batch` make them, so an
    /// option added here reaches both.
    func renderOptions(bookPath: String, folder: BookRenderOptions.Folder, settings: ChapterSettings,
                       granularity: OverlayGranularity, tracks: TracksStep.Request?) -> BookRenderOptions {
        BookRenderOptions(bookPath: bookPath, settings: settings, folder: folder, selection: chapters, jobs: jobs,
                      force: force, strict: strict, sync: sync, epub: epubRequest(granularity), matter: reading.narration.matter,
                      web: web, audiobook: single, tracks: tracks)
    }

    /// The single-file request of `--audiobook` and `--library`, nil when neither is given.
    var single: AudiobookStep.Request? {
        audiobook != nil || library != nil ? AudiobookStep.Request(path: audiobook, library: library) : nil
    }

    /// The `--epub` request at `granularity` (see `granularity(epub:format:)`).
    func epubRequest(_ granularity: OverlayGranularity) -> BookRenderOptions.EPUB? {
        epub.map { BookRenderOptions.EPUB(path: $0, granularity: granularity) }
    }

    /// The granularity named by `--granularity`, which only makes sense with `--epub` and MP3 audio.
    func granularity(format: AudioFormat?) throws(UsageError) -> OverlayGranularity {
        guard let epub else {
            if granularity != nil { throw UsageError.needs(.granularity, .epub) }
            return .sentence
        }
        guard let format else {
            throw UsageError("--epub needs MP3 chapter audio (EPUB 3 media overlays): --format none writes none; use --format mp3")
        }
        guard format == .mp3 else { throw UsageError("--epub needs MP3 audio (EPUB 3 media overlays), not --format \(format.rawValue)") }
        guard epub.lowercased().hasSuffix(".epub") else { throw UsageError.invalid(.epub, epub, expected: "a path ending in .epub") }
        let name = granularity ?? OverlayGranularity.sentence.rawValue
        guard let granularity = OverlayGranularity(rawValue: name) else {
            throw UsageError.invalid(.granularity, name, expected: "sentence or word")
        }
        return granularity
    }

    /// The `--tracks` request: a folder, a depth within the navigation's levels,
    /// and MP3 frames to cut (the chapters', or an `--audiobook PATH.mp3`'s parts).
    func tracksRequest(format: AudioFormat?) throws(UsageError) -> TracksStep.Request? {
        guard let tracks else {
            if tracksDepth != nil { throw UsageError.needs(.tracksDepth, .tracks) }
            return nil
        }
        let maximum = TracksStep.Request.maximumDepth
        let level = try tracksDepth.map { text throws(UsageError) -> Int in
            guard let value = Int(text), (1...maximum).contains(value) else {
                throw UsageError.invalid(.tracksDepth, text, expected: "a table-of-contents level from 1 (the top) to \(maximum)")
            }
            return value
        } ?? 1
        guard format == .mp3 || audiobook.map({ AudiobookFormat(path: $0) == .mp3 }) == true else {
            throw UsageError("--tracks cuts MP3 audio: it needs --format mp3 (the default) or --audiobook PATH.mp3, not --format \(formatName)")
        }
        let bitrate = speech.bitrate
        guard bitrate >= TracksStep.Request.minimumBitrate else {
            throw UsageError("--tracks needs --bitrate \(TracksStep.Request.minimumBitrate) or more (room for the gapless info tag), not \(bitrate)")
        }
        return TracksStep.Request(folder: tracks, depth: level)
    }

    private static func chapterSelection(_ text: String?) throws(UsageError) -> ChapterSelection? {
        guard let text else { return nil }
        guard let parsed = ChapterSelection(text) else { throw UsageError.invalid(.chapters, text, expected: "a list such as 1,3-5") }
        return parsed
    }

    private static func syncFormats(_ text: String?) throws(UsageError) -> [SyncFormat] {
        guard let text else { return [] }
        guard let formats = SyncFormat.list(text) else { throw UsageError.invalid(.sync, text, expected: "a list of vtt, srt and guided") }
        return formats
    }
}
