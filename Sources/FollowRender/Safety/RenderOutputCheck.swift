import Foundation

/// The files a book render writes into its output folder, checked with
/// `OutputSafety` before the render starts: `book.json`, `book.m3u8` and, per
/// chapter, its audio, sidecar and sync exports. Existing files may be replaced
/// only when the folder's `book.json` is follow-render's and names their chapter.
public struct RenderOutputCheck: Sendable {
    public var folder: String
    public var chapters: [Chapter]
    /// The chapters' audio format; nil when they have no audio files.
    public var format: AudioFormat?
    /// Suffixes of the sync exports written beside each sidecar (`.vtt` …).
    public var exportSuffixes: [String]

    public init(folder: String, chapters: [Chapter], format: AudioFormat?, exportSuffixes: [String]) {
        self.folder = folder
        self.chapters = chapters
        self.format = format
        self.exportSuffixes = exportSuffixes
    }

    /// Throws when a file the render would write is an input or a file that
    /// no earlier follow-render render of this folder wrote.
    public func check(with safety: OutputSafety) throws(OutputSafetyError) {
        var names = [OutputNaming.manifestFile, OutputNaming.playlistFile]
        for chapter in chapters {
            let stem = OutputNaming.stem(index: chapter.index, title: chapter.title)
            names += [format.map { OutputNaming.audioFile(index: chapter.index, title: chapter.title, format: $0) },
                      OutputNaming.timingFile(index: chapter.index, title: chapter.title)].compactMap { $0 }
            names += exportSuffixes.map { stem + $0 }
        }
        let stems = earlierStems()
        try safety.checkContents(of: folder, names: names) { name in
            if stems != nil, name == OutputNaming.manifestFile || name == OutputNaming.playlistFile { return true }
            if let stems, stems.contains(where: { name.hasPrefix($0 + ".") }) { return true }
            return isOwnChapterFile(name)
        }
    }

    /// Whether `name` is a chapter file an earlier render wrote although its
    /// `book.json` does not list it (the run stopped, or the disk filled, before
    /// recording it): the chapter's sidecar beside it is follow-render's and
    /// names audio of the same stem. Audio and sidecar appear together
    /// (`SidecarFile.produceChapter`), so a finished chapter is always recognised.
    private func isOwnChapterFile(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: ".") else { return false }
        let stem = String(name[..<dot])
        struct Header: Decodable {
            struct Audio: Decodable { var file: String }
            var format: String
            var audio: Audio
        }
        guard let data = try? OwnFiles.read(folder + "/" + stem + ".timing.json", limit: .sidecar),
              let header = try? JSONCoding.decode(Header.self, from: data) else { return false }
        return header.format == ChapterTiming.formatName && header.audio.file.hasPrefix(stem + ".")
            && OutputNaming.isChapterFile(header.audio.file, timing: false)
    }

    /// The file stems of the chapters in the folder's follow-render `book.json`;
    /// nil when there is none (or it is not follow-render's).
    private func earlierStems() -> [String]? {
        guard let data = try? OwnFiles.read(folder + "/" + OutputNaming.manifestFile, limit: .manifest),
              let manifest = try? JSONCoding.decode(BookManifest.self, from: data),
              manifest.format == BookManifest.formatName, TimingValidation.problem(in: manifest) == nil else { return nil }
        return manifest.chapters.flatMap { entry in
            [entry.audio, entry.timing].compactMap { $0 }.compactMap { name in name.firstIndex(of: ".").map { String(name[..<$0]) } }
        }
    }
}
