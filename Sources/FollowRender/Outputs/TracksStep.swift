import Foundation

/// `--tracks DIR` (`--tracks-depth N`): the book as one MP3 per table-of-contents
/// entry at a chosen depth, for players that treat files as chapters (car
/// stereos, Audiobookshelf folders of MP3s, old MP3 players), and an `.m3u8`
/// listing them in order.
///
/// The tracks are cut from the MP3 frames the single MP3 would be joined from
/// (the chapter MP3s, or with another `--format` the MP3 parts of an
/// `--audiobook PATH.mp3`), never re-encoded: `TrackPlan` chooses the cuts,
/// `MP3TrackWriter` copies the frames, `TrackFolder` writes them all or none.
/// Each track is tagged with its title, the book's title as album, `n/N`,
/// the authors, the voice as composer and the cover (up to 1 MB, as chapter files).
public struct TracksStep: OutputStep {
    /// What to write.
    public struct Request: Hashable, Sendable {
        /// The tracks' folder.
        public var folder: String
        /// The deepest table-of-contents level that gets tracks of its own (1: the top level).
        public var depth: Int

        public init(folder: String, depth: Int = 1) {
            self.folder = folder
            self.depth = depth
        }

        /// The lowest `--bitrate` whose MP3 frames hold LAME's info tag at 22,050 Hz, which each track needs to be gapless.
        public static let minimumBitrate = 56

        /// The deepest `--tracks-depth` accepted: the deepest nesting the navigation keeps.
        public static let maximumDepth = 8
    }

    public var request: Request

    public init(_ request: Request) { self.request = request }

    public func write(_ context: RenderOutputContext) throws {
        let manifest = context.summary.manifest
        guard !manifest.chapters.isEmpty else { return }
        var metadata = context.audiobookMetadata
        metadata.cover = AudioTags.embeddable(metadata.cover)
        let packager = AudiobookPackager(manifest: manifest, folder: context.folder, metadata: metadata)
        let folder = TrackFolder(path: request.folder)
        let timings: [ChapterTiming]
        do {
            timings = try context.renderedBook().chapters
        } catch {
            throw ReportedError.of(error, for: context.folder, otherwise: .unreadableInput)
        }
        do throws(RenderError) {
            let layout = try packager.layout(codec: .mp3)
            let streams = layout.chapters.compactMap { chapter -> MP3Stream? in
                if case let .mp3(stream) = chapter.stream { return stream }
                return nil
            }
            let plan = try plan(layout: layout, streams: streams, manifest: manifest, titles: packager.chapterTitles,
                                bookTitle: metadata.title, timings: timings)
            let count = plan.tracks.count
            let names = plan.tracks.enumerated().map { TrackFolder.trackName(number: $0 + 1, count: count, title: $1.title) }
            let tags = plan.tracks.enumerated().map { number, track in
                ID3ChapterTag(metadata: metadata, chapters: [], tree: nil, track: (track.title, number + 1, count)).bytes
            }
            let playlistName = SafeName.file(metadata.title, fallback: "Tracks") + ".m3u8"
            var lines = ["#EXTM3U", "#PLAYLIST:\(metadata.title)"]
            for (track, name) in zip(plan.tracks, names) {
                lines.append("#EXTINF:\(Int((Double(track.end - track.start) / Double(layout.rate)).rounded())),\(track.title)")
                lines.append(name)
            }
            try folder.write(trackNames: names, playlistName: playlistName, playlist: Data((lines.joined(separator: "\n") + "\n").utf8)) {
                paths throws(RenderError) in
                try MP3TrackWriter(streams: streams, plan: plan).write(to: paths, tags: tags)
            }
            context.wrote(request.folder, summary: "Tracks: \(count) MP3 files and \(playlistName)")
        } catch {
            throw error.naming(request.folder)
        }
    }

    /// The cuts: the marks of the table of contents down to `request.depth`, in the pauses the sidecars' words leave.
    private func plan(layout: SingleFileLayout, streams: [MP3Stream], manifest: BookManifest, titles: [String], bookTitle: String,
                      timings: [ChapterTiming]) throws(RenderError) -> TrackPlan {
        let rate = Double(layout.rate)
        let chapters = zip(zip(manifest.chapters, layout.chapters), titles).map { ($0.0.index, $1, $0.1.start, $0.1.end) }
        let marks = ChapterMarks(toc: manifest.toc.map { Self.pruned($0, depth: request.depth) }, chapters: chapters, rate: layout.rate,
                                 bookTitle: bookTitle, fileEnd: layout.samples).marks
        let timing = Dictionary(timings.map { ($0.chapter.index, $0) }, uniquingKeysWith: { first, _ in first })
        var wordEnds: [Int64] = []
        for (chapter, placed) in zip(manifest.chapters, layout.chapters) {
            for word in timing[chapter.index]?.sentences.flatMap(\.words) ?? [] {
                wordEnds.append(placed.start + Int64((word.end.value * rate).rounded()))
            }
        }
        var streamStarts: [Int] = []
        var frames = 0
        for stream in streams {
            streamStarts.append(frames)
            frames += try stream.frames()
        }
        let first = streams.first
        let lead = Int64((first?.delay ?? 0) + MP3TrackWriter.decoderDelay)
        return TrackPlan(marks: marks, wordEnds: wordEnds.sorted(), streamStarts: streamStarts, frames: frames,
                         samplesPerFrame: first?.samplesPerFrame ?? 576, lead: lead, fileEnd: layout.samples)
    }

    /// The entries down to level `depth`: deeper entries are left out (their audio is their parent's).
    static func pruned(_ entries: [BookManifest.TOCEntry], depth: Int) -> [BookManifest.TOCEntry] {
        entries.map { entry in
            var entry = entry
            entry.children = entry.level < depth ? pruned(entry.children, depth: depth) : []
            return entry
        }
    }
}
