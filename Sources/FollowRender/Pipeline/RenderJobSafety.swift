/// The `OutputSafety` checks of a render job, run before any work: the output
/// folder and the `--epub` path before the book is read, the files the render
/// will write into the folder once its chapters are known.
extension RenderJob {
    /// The inputs the job reads.
    var safety: OutputSafety { OutputSafety(inputs: [options.bookPath]) }

    /// Refuses an output folder, `--epub`, `--audiobook` or `--library` path that is, or lies inside, an input.
    func checkOutputPaths() throws(FileFailure) {
        do {
            if let folder = plannedFolder {
                try safety.checkFolder(folder, option: options.folder == .namedAfterBook ? "the default output folder" : "--out")
            }
            if let epub = options.epub { try safety.checkFile(epub.path, option: "--epub") }
            if let audiobook = options.audiobook?.path { try safety.checkFile(audiobook, option: "--audiobook") }
            if let library = options.audiobook?.library { try safety.checkFolder(library, option: "--library") }
        } catch {
            throw FileFailure(file: error.file, reason: error.reason)
        }
    }

    /// Refuses a render whose files would replace an input or a file no earlier render of the folder wrote.
    func checkFolderContents(chapters: [Chapter]) throws(FileFailure) {
        guard let folder = plannedFolder else { return }
        let selected = chapters.filter { options.selection?.contains($0.index) ?? true }
        let check = RenderOutputCheck(folder: folder, chapters: selected, format: options.settings.format,
                                      exportSuffixes: options.sync.map(\.fileSuffix))
        do {
            try check.check(with: safety)
        } catch {
            throw FileFailure(file: error.file, reason: error.reason)
        }
    }
}
