import Foundation

/// The `OutputSafety` checks of a render job, run before any work: the output
/// folder, the `--epub`, `--audiobook` and `--library` paths before the book is
/// read, the files the render will write once its chapters are known.
extension BookRenderJob {
    /// The inputs the job reads: the book, the `--lexicon` files and the `--cover` image.
    var safety: OutputSafety {
        OutputSafety(inputs: [options.bookPath] + options.settings.lexicons + [options.settings.input.cover].compactMap { $0 })
    }

    /// Refuses an output folder, `--epub`, `--audiobook` or `--library` path that is, or lies inside, an input,
    /// or that is not a folder (a file) where a folder is written, or not a regular file where a file is.
    func checkOutputPaths() throws(OutputSafetyError) {
        if let folder = plannedFolder {
            try safety.checkFolder(folder, option: options.folder == .namedAfterBook ? "the default output folder" : "\(Setting.out)")
        }
        if let epub = options.epub { try safety.checkFile(epub.path, option: "\(Setting.epub)") }
        if let audiobook = options.audiobook?.path { try safety.checkFile(audiobook, option: "\(Setting.audiobook)") }
        if let library = options.audiobook?.library { try safety.checkFolder(library, option: "\(Setting.library)") }
        if let tracks = options.tracks { try safety.checkFolder(tracks.folder, option: "\(Setting.tracks)") }
    }

    /// Refuses a render whose files would replace an input, a file no earlier
    /// render of the folder wrote, or one another of its own outputs; and a
    /// `--library` book folder follow-render did not make.
    func checkFolderContents(chapters: [Chapter], archive: EPUBArchive) throws(OutputSafetyError) {
        let selected = chapters.filter { options.selection?.contains($0.index) ?? true }
        if let folder = plannedFolder {
            let check = RenderOutputCheck(folder: folder, chapters: selected, format: options.settings.format,
                                          exportSuffixes: options.sync.map(\.fileSuffix))
            try check.check(with: safety)
        }
        let outputs = plannedOutputs(chapters: chapters, archive: archive)
        try safety.checkDistinct(outputs)
        if let tracks = options.tracks {
            try checkTracksFolder(tracks.folder, outputs: outputs)
            try TrackFolder(path: tracks.folder).check()
        }
        if let library = options.audiobook?.library {
            try LibraryFolder(root: library, metadata: AudiobookMetadata(book: archive.book, archive: archive, narrator: "")).check()
        }
    }

    /// Refuses a `--tracks` folder that is, or would hold, another output of the
    /// render (the output folder, a file written beside the tracks): the folder holds the tracks only.
    private func checkTracksFolder(_ path: String, outputs: [(path: String, what: String)]) throws(OutputSafetyError) {
        let tracks = OutputSafety.resolve(path)
        let others = outputs + (plannedFolder.map { [($0, "the output folder")] } ?? [])
            + (options.audiobook?.library.map { [($0, "\(Setting.library)")] } ?? [])
        for other in others {
            let resolved = OutputSafety.resolve(other.path)
            if resolved == tracks || resolved.hasPrefix(tracks + "/") {
                throw OutputSafetyError(.collision, file: path, reason: "\(Setting.tracks) names a folder that would hold \(other.what); give it a folder of its own")
            }
        }
    }

    /// Every file the render may write, with what writes it: the folder's own
    /// (`book.json`, `book.m3u8`, each chapter's audio, sidecar and exports,
    /// the web player's pages), the overlay EPUB, the audiobook and its cue
    /// sheet, the library's files.
    private func plannedOutputs(chapters: [Chapter], archive: EPUBArchive) -> [(path: String, what: String)] {
        var outputs: [(path: String, what: String)] = []
        if let folder = plannedFolder {
            let inFolder = { (name: String, what: String) in outputs.append((folder + "/" + name, what)) }
            inFolder(OutputNaming.manifestFile, "the render's \(OutputNaming.manifestFile)")
            inFolder(OutputNaming.playlistFile, "the render's \(OutputNaming.playlistFile)")
            for chapter in chapters {
                let what = "the render's chapter \(chapter.index)"
                if let format = options.settings.format {
                    inFolder(OutputNaming.audioFile(index: chapter.index, title: chapter.title, format: format), what)
                }
                let timing = OutputNaming.timingFile(index: chapter.index, title: chapter.title)
                inFolder(timing, what + " sidecar")
                for suffix in options.sync.map(\.fileSuffix) {
                    inFolder(OutputNaming.stem(index: chapter.index, title: chapter.title) + suffix, what + " export")
                }
                if options.web { inFolder(WebPlayer.pageName(timingFile: timing), what + " web page") }
            }
            if options.web {
                for name in WebPlayer.fixedFiles { inFolder(name, "the web player's \(name)") }
            }
        }
        if let epub = options.epub { outputs.append((epub.path, "\(Setting.epub)")) }
        var audiobookFiles: Set<String> = []
        if let audiobook = options.audiobook?.path {
            let cueSheet = URL(fileURLWithPath: audiobook).deletingLastPathComponent().appendingPathComponent(CueSheet.fileName).path
            outputs.append((audiobook, "\(Setting.audiobook)"))
            outputs.append((cueSheet, "the audiobook's cue sheet"))
            audiobookFiles = [OutputSafety.resolve(audiobook), OutputSafety.resolve(cueSheet)]
        }
        if let library = options.audiobook?.library {
            let shelf = LibraryFolder(root: library, metadata: AudiobookMetadata(book: archive.book, archive: archive, narrator: ""))
            let format = options.audiobook?.path.flatMap { AudiobookFormat(path: $0) } ?? .m4b
            // An --audiobook written into the library's own place is that file (and cue sheet), written once.
            let shelved = [(shelf.audioPath(format), "\(Setting.library)'s audiobook")]
                + LibraryFolder.sideFiles.map { (shelf.folder + "/" + $0, "\(Setting.library)'s \($0)") }
            for (path, what) in shelved where !audiobookFiles.contains(OutputSafety.resolve(path)) { outputs.append((path, what)) }
        }
        return outputs
    }
}
