import CFFmpeg
import Foundation

/// Packages a rendered folder into one audiobook file with chapters (M4B,
/// M4A, MP3 or Ogg Opus), streaming: each chapter's audio is decoded as a
/// player decodes it, converted, and fed to a single encoder, one chapter at a
/// time, so memory does not grow with the book.
///
/// Chapter N starts at the sum of the decoded lengths of chapters 1…N−1,
/// sample-exact in the PCM; the encoder's delay and padding are declared once
/// (MP4 edit list, LAME info tag, Opus pre-skip), so decoded time equals rendered time.
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
    /// file there. The file appears whole or not at all.
    public func write(to path: String, previous: AudiobookEntry? = nil,
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
        var lengths: [Int64] = []
        for chapter in manifest.chapters { lengths.append(try ChapterLength.samples(of: folder + "/" + chapter.audio)) }
        let rate = try ChapterDecoder(path: folder + "/" + manifest.chapters[0].audio).sampleRate
        let starts = lengths.indices.map { lengths[..<$0].reduce(0, +) }
        let marks = lengths.indices.map { (start: starts[$0], end: starts[$0] + lengths[$0], title: titles[$0]) }
        do {
            try AtomicFile.produce(at: absolute) { temporary in
                try encode(format: format, to: temporary, lengths: lengths, marks: marks, rate: rate, cancellation: cancellation)
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

    private func encode(format: AudiobookFormat, to path: String, lengths: [Int64],
                        marks: [(start: Int64, end: Int64, title: String)], rate: Int32,
                        cancellation: RenderCancellation?) throws(RenderError) {
        let muxer = try AudiobookMuxer(format: format, path: path)
        let encoder = try AudioEncoder(format: format, inputRate: rate, globalHeader: muxer.wantsGlobalHeader, file: path)
        try muxer.addAudio(encoder)
        if format != .mp3, format != .opus, let cover = metadata.cover { try muxer.addCover(cover, isPNG: metadata.coverIsPNG) }
        muxer.setTags(metadata.containerTags(format: format))
        var prefix: [UInt8] = []
        var options: [(String, String)] = []
        switch format {
        case .mp3:
            let milliseconds = { (samples: Int64) in Int((Double(samples) * 1000 / Double(rate)).rounded()) }
            prefix = ID3ChapterTag(metadata: metadata,
                                   chapters: marks.map { (milliseconds($0.start), milliseconds($0.end), $0.title) }).bytes
            options = [("id3v2_version", "0"), ("write_xing", "1")]
        case .m4b, .m4a:
            try muxer.setChapters(marks, rate: rate)
            options = [("movflags", "+faststart")] + (format == .m4b ? [("brand", "M4B ")] : [])
        case .opus:
            // Written here: FFmpeg 5.1's own CHAPTERxxx writer rounds the seconds up from 500 ms on (a second late).
            muxer.setTags(marks.enumerated().flatMap { number, mark in
                let key = String(format: "CHAPTER%03d", number)
                return [(key, Self.clock(mark.start, rate: rate)), (key + "NAME", mark.title)]
            })
        }
        try muxer.open(prefix: prefix, options: options)
        let emit = { (packet: UnsafeMutablePointer<AVPacket>) throws(RenderError) in try muxer.write(packet) }
        var resampler: Resampler?
        for (number, chapter) in manifest.chapters.enumerated() {
            if cancellation?.cancelledBy != nil { throw RenderError(.interrupted, file: path, "interrupted") }
            let decoder = try ChapterDecoder(path: folder + "/" + chapter.audio)
            let converter: Resampler
            if let resampler {
                converter = resampler
            } else {
                converter = try Resampler(from: decoder, to: encoder, file: path)
            }
            resampler = converter
            guard converter.accepts(decoder) else {
                throw RenderError(.unreadableInput, file: decoder.path, "its sample rate or format differs from chapter 1's")
            }
            var remaining = lengths[number]
            try decoder.decode { planes, count throws(RenderError) in
                let used = Int32(min(Int64(count), remaining))
                remaining -= Int64(used)
                try converter.convert(planes, count: used) { out, produced throws(RenderError) in
                    try encoder.write(out, count: produced, emit: emit)
                }
            }
            try converter.convert(nil, count: Int32(remaining)) { out, produced throws(RenderError) in
                try encoder.write(out, count: produced, emit: emit)
            }
        }
        try resampler?.flush { out, produced throws(RenderError) in try encoder.write(out, count: produced, emit: emit) }
        try encoder.finish(emit: emit)
        try muxer.finish()
    }

    /// `HH:MM:SS.mmm` for a Vorbis comment chapter mark.
    private static func clock(_ samples: Int64, rate: Int32) -> String {
        let milliseconds = (samples * 1000 + Int64(rate) / 2) / Int64(rate)
        return String(format: "%02lld:%02lld:%02lld.%03lld", milliseconds / 3_600_000, milliseconds / 60000 % 60,
                      milliseconds / 1000 % 60, milliseconds % 1000)
    }

    /// `path` relative to the rendered folder when inside it, else absolute.
    private func relativeFile(_ absolute: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// FNV-1a over everything that shapes the file.
    private func cacheKey(format: AudiobookFormat) -> String {
        var parts = manifest.chapters.map { "\($0.index) \($0.key) \($0.title) \($0.audio)" }
        parts += [format.rawValue, "\(format.bitrate)", format.encoderOptions.map { "\($0)=\($1)" }.joined(separator: ","),
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
