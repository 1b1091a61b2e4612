import Foundation
import Testing
@testable import FollowRender

/// A book rendered by the real CLI into a temporary folder, with its
/// manifest and sidecars loaded.
struct RenderedFolder {
    var path: String
    var run: CommandRun
    var manifest: BookManifest
    var timings: [ChapterTiming]

    /// Renders `book` with extra CLI `arguments` (and `--audiobook` to that file name in the folder) and loads the results,
    /// into `folder` when given (it must exist), else into a new temporary folder.
    static func render(_ book: String, _ arguments: [String], audiobook: String? = nil, name: String = #function,
                       in folder: String? = nil) throws -> RenderedFolder {
        let folder = try folder ?? TestPaths.temporaryFolder(name)
        let single = audiobook.map { ["--audiobook", folder + "/" + $0] } ?? []
        let run = try CommandRun.cli([book, "--out", folder, "--quiet"] + arguments + single)
        guard run.status == 0 else {
            throw DecodeError(message: "render of \(book) failed with \(run.status): \(run.stderr)")
        }
        let rendered = try load(folder, run: run)
        try rendered.snapshot()
        return rendered
    }

    /// Where each render's JSON files are copied the moment it finishes, so the
    /// schema sweep checks what the render wrote, not what a test did to the
    /// folder afterwards (several tests damage their render on purpose).
    static let snapshotRoot = FileManager.default.temporaryDirectory
        .appendingPathComponent("follow-render-snapshots-\(ProcessInfo.processInfo.processIdentifier)").path

    /// Copies the folder's `book.json` and sidecars into a folder of their own under ``snapshotRoot``.
    private func snapshot() throws {
        let copy = Self.snapshotRoot + "/" + URL(fileURLWithPath: path).lastPathComponent
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for (name, bytes) in try jsonFiles() where name == OutputNaming.manifestFile || name.hasSuffix(".timing.json") {
            try bytes.write(to: URL(fileURLWithPath: copy + "/" + name))
        }
    }

    static func load(_ folder: String, run: CommandRun) throws -> RenderedFolder {
        let manifest = try JSONCoding.decode(BookManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/book.json")))
        let timings = try manifest.chapters.map { chapter in
            try JSONCoding.decode(ChapterTiming.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + chapter.timing)))
        }
        return RenderedFolder(path: folder, run: run, manifest: manifest, timings: timings)
    }

    /// The same folder seen through the chapters of `selection` only (`--chapters` syntax): a test that needs some
    /// chapters of a book reads them from a shared whole render (`SharedRender.wholeBook`), whose chapter files are
    /// byte for byte those of a render of the selection alone.
    func selecting(_ selection: String) throws -> RenderedFolder {
        let chapters = try #require(ChapterSelection(selection), "\(selection)")
        var copy = self
        copy.manifest.chapters = manifest.chapters.filter { chapters.contains($0.index) }
        copy.timings = timings.filter { chapters.contains($0.chapter.index) }
        return copy
    }

    func file(_ name: String) -> String { path + "/" + name }
    /// A chapter's audio file (a render with `--format none` has none: the path is then the folder's).
    func file(_ name: String?) -> String { file(name ?? "") }

    /// |detected onset - sentence begin| for every sentence after a pause, in
    /// the audio as ffmpeg decodes it.
    func onsetErrors() throws -> [Double] {
        var errors: [Double] = []
        for (timing, chapter) in zip(timings, manifest.chapters) {
            let audio = try DecodedAudio(path: file(chapter.audioFile))
            let levels = audio.frameLevels()
            for sentence in timing.sentences where !sentence.words.isEmpty {
                guard let onset = audio.onset(near: sentence.begin.value, levels: levels) else {
                    errors.append(1)
                    continue
                }
                errors.append(abs(onset - sentence.begin.value))
            }
        }
        return errors
    }

    /// Bytes of every JSON file in the folder, by name.
    func jsonFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) where name.hasSuffix(".json") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: file(name)))
        }
        return files
    }
}

/// Every way a timing sidecar can break its promises to a player; empty when it keeps them.
func timingViolations(_ timing: ChapterTiming) -> [String] {
    var problems: [String] = []
    let length = timing.text.utf16.count
    let duration = timing.audio.duration.milliseconds
    var previousSentence: TimedSentence?
    for sentence in timing.sentences {
        let label = "sentence \(sentence.range.location)"
        if sentence.range.end > length { problems.append("\(label): range beyond the text") }
        if sentence.begin.milliseconds >= sentence.end.milliseconds { problems.append("\(label): begin not before end") }
        if sentence.end.milliseconds > duration { problems.append("\(label): ends after the audio") }
        if let previous = previousSentence {
            if previous.range.end > sentence.range.location { problems.append("\(label): overlaps the previous range") }
            if previous.end.milliseconds > sentence.begin.milliseconds { problems.append("\(label): overlaps the previous clip") }
        }
        var previousWord: TimedWord?
        for word in sentence.words {
            let wordLabel = "\(label) word \(word.range.location)"
            if !sentence.range.contains(word.range) { problems.append("\(wordLabel): outside its sentence") }
            if word.begin.milliseconds >= word.end.milliseconds { problems.append("\(wordLabel): begin not before end") }
            if word.begin < sentence.begin || word.end > sentence.end { problems.append("\(wordLabel): outside the sentence clip") }
            if let previous = previousWord {
                if previous.range.end > word.range.location { problems.append("\(wordLabel): overlaps the previous word") }
                if previous.end.milliseconds > word.begin.milliseconds { problems.append("\(wordLabel): starts before the previous word ends") }
            }
            previousWord = word
        }
        previousSentence = sentence
    }
    return problems
}

extension BookManifest.Chapter {
    /// The chapter's audio file name, for renders that have chapter audio (not `--format none`).
    var audioFile: String { audio ?? "" }
}
