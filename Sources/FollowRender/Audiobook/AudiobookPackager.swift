import CFFmpeg
import Foundation

/// Packages a rendered folder into one audiobook file with chapters (M4B,
/// M4A, MP3 or Ogg Opus), streaming: each chapter's audio is decoded as a
/// player decodes it, converted, and fed to a single encoder, one chapter at a
/// time, so memory does not grow with the book.
///
/// Chapter N starts at the sum of the decoded lengths of chapters 1…N−1,
/// sample-exact in the PCM; the encoder's delay and padding are declared once
/// (MP4 edit list and iTunSMPB, LAME info tag, Opus pre-skip), so decoded time equals rendered time.
public struct AudiobookPackager: Sendable {
    /// The rendered folder's `book.json`.
    public var manifest: BookManifest
    /// The rendered folder (where `book.json` and the chapter audio are).
    public var folder: String
    public var metadata: AudiobookMetadata

    public init(manifest: BookManifest, folder: String, metadata: AudiobookMetadata) {
        self.manifest = manifest
        self.folder = folder
        self.metadata = metadata
    }

    /// Writes the single file at `path` (the format from its extension) and
    /// `book.cue` beside it, unless `previous` already describes an up-to-date
    /// file there. An MP4 `draft` encoded while rendering is finished instead of
    /// encoding again when it holds exactly the rendered chapters. The file
    /// appears whole or not at all.
    public func write(to path: String, previous: AudiobookEntry? = nil, draft: AudiobookDraft? = nil,
                      cancellation: RenderCancellation? = nil) throws(RenderError) -> AudiobookEntry {
        guard let format = AudiobookFormat(path: path) else {
            throw RenderError(.badOption, file: path, "--audiobook takes a path ending in .m4b, .m4a, .mp3 or .opus")
        }
        guard !manifest.chapters.isEmpty else { throw RenderError(.nothingRendered, file: folder, "no rendered chapter to package") }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let key = cacheKey(format: format)
        let file = relativeFile(absolute)
        if let previous, previous.key == key, previous.file == file, FileManager.default.fileExists(atPath: absolute) {
            return previous
        }
        let titles = chapterTitles
        let audio = manifest.chapters.map { folder + "/" + $0.audio }
        let drafted = draft?.path == absolute ? draft?.take(matching: zip(manifest.chapters, audio).map { ($0.index, $1) }) : nil
        var lengths: [Int64] = []
        if let drafted {
            lengths = drafted.chapters.map(\.length)
        } else {
            for chapter in audio { lengths.append(try ChapterLength.samples(of: chapter)) }
        }
        let first = try ChapterDecoder(path: audio[0])
        let rate = first.sampleRate
        let starts = lengths.indices.map { lengths[..<$0].reduce(0, +) }
        let marks = lengths.indices.map { (start: starts[$0], end: starts[$0] + lengths[$0], title: titles[$0]) }
        do {
            if let drafted, let draft {
                try finish(drafted.encoding, at: draft.temporary, to: absolute, marks: marks)
            } else {
                try AtomicFile.produce(at: absolute) { temporary in
                    let encoding = try AudiobookEncoding(format: format, path: temporary, rate: rate,
                                                         sampleFormat: first.sampleFormat, metadata: metadata, marks: marks)
                    for (chapter, length) in zip(audio, lengths) {
                        if cancellation?.cancelledBy != nil { throw RenderError(.interrupted, file: temporary, "interrupted") }
                        try encoding.append(chapter, length: length)
                    }
                    try encoding.finish(metadata: metadata, marks: marks)
                }
            }
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.write, file: absolute, "\(error)", cause: error)
        }
        let seconds = { (samples: Int64) in Seconds(samples: Int(samples), sampleRate: Int(rate)) }
        let entry = AudiobookEntry(
            file: file, format: format, duration: seconds(lengths.reduce(0, +)),
            chapters: zip(manifest.chapters, marks).map { .init(index: $0.index, start: seconds($1.start), end: seconds($1.end)) },
            key: key)
        let cue = CueSheet(file: URL(fileURLWithPath: absolute).lastPathComponent, format: format, metadata: metadata,
                           chapters: zip(titles, entry.chapters).map { ($0, $1.start) })
        try cue.write(to: URL(fileURLWithPath: absolute).deletingLastPathComponent().appendingPathComponent(CueSheet.fileName).path)
        return entry
    }

    /// The chapters' titles as the file carries them (made safe and readable).
    public var chapterTitles: [String] {
        manifest.chapters.map { SafeName.title($0.title, fallback: "Chapter \($0.index)") }
    }

    /// Records `entry` as `book.json`'s `audiobook` object.
    public func record(_ entry: AudiobookEntry) throws(RenderError) {
        var updated = manifest
        updated.audiobook = entry
        let path = folder + "/" + OutputNaming.manifestFile
        do {
            try AtomicFile.write(JSONCoding.data(updated, pretty: true), to: path)
        } catch {
            throw RenderError(.write, file: path, "\(error)", cause: error)
        }
    }

    /// Finishes a draft's encoding at its temporary name and renames it to `path`;
    /// on failure the temporary file is removed.
    private func finish(_ encoding: AudiobookEncoding, at temporary: String, to path: String,
                        marks: [AudiobookEncoding.Mark]) throws(RenderError) {
        do throws(RenderError) {
            try encoding.finish(metadata: metadata, marks: marks)
            guard rename(temporary, path) == 0 else {
                throw RenderError(.write, file: path, "cannot write: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// `path` relative to the rendered folder when inside it, else absolute.
    private func relativeFile(_ absolute: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// FNV-1a over everything that shapes the file.
    private func cacheKey(format: AudiobookFormat) -> String {
        var parts = manifest.chapters.map { "\($0.index) \($0.key) \($0.title) \($0.audio)" }
        parts += [format.rawValue, "\(format.rateControl)", format.encoderOptions.map { "\($0)=\($1)" }.joined(separator: ","),
                  metadata.title, metadata.artist, metadata.narrator, metadata.description ?? "", metadata.year ?? "",
                  metadata.publisher ?? "", metadata.language, "\(metadata.cover?.count ?? 0)", FollowRenderVersion.current]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
