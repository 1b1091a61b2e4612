import FollowRender
import Foundation
import Synchronization

/// Prints a render job's events on standard error: warnings, the progress
/// view (which, like the signal trap, lives inside the printer's mutex), the summary and each output written; and traps SIGINT, SIGTERM and SIGHUP
/// while the chapters render, turning them into a cancellation.
final class RenderPrinter: Sendable {
    private struct State {
        var progress: ProgressView?
        var trap: SignalTrap?
    }

    let cancellation = RenderCancellation()
    private let quiet: Bool
    private let showsSummary: Bool
    private let state = Mutex(State())

    /// `showsSummary` is false when the folder is temporary: only the outputs are reported then.
    init(quiet: Bool, showsSummary: Bool) {
        self.quiet = quiet
        self.showsSummary = showsSummary
    }

    func handle(_ event: BookRenderEvent) {
        switch event {
        case let .warning(warning):
            Console.warning(warning)
        case let .note(line):
            if !quiet { Console.error("follow-render: note: \(line)") }
        case let .prepared(chapters, sampleRate):
            let (cancellation, style) = (cancellation, ProgressView.style(quiet: quiet))
            state.withLock { state in
                state.progress = ProgressView(style: style, chapters: chapters, sampleRate: sampleRate)
                state.trap = SignalTrap { signal in cancellation.cancel(signal: signal) }
            }
        case let .chapter(event):
            state.withLock { $0.progress?.handle(event) }
        case let .rendered(summary, elapsed):
            state.withLock { $0.trap?.release() }
            close()
            if !quiet, showsSummary { Self.printSummary(summary, elapsed: elapsed) }
        case let .wrote(summary, path):
            if !quiet {
                Console.error(summary)
                print(path)
            }
        }
    }

    /// Removes the live progress bar (once) before anything else is printed.
    func close() {
        state.withLock { state in
            state.progress?.close()
            state.progress = nil
        }
    }

    private static func printSummary(_ summary: ChapterStageSummary, elapsed: Double) {
        let manifest = summary.manifest
        let rendered = manifest.chapters.filter { summary.rendered.contains($0.index) }
        let audio = rendered.reduce(0) { $0 + $1.duration.value }
        if rendered.isEmpty {
            Console.error("Nothing to render: every chapter is up to date")
        } else {
            Console.error("Rendered \(plural(rendered.count, "chapter")) (\(clock(audio)) of audio) in \(clock(elapsed)), "
                + String(format: "%.1f× real time", elapsed > 0 ? audio / elapsed : 0))
        }
        if summary.reused > 0 {
            Console.error("Kept \(plural(summary.reused, "chapter")) from the last run (unchanged; --force renders them again)")
        }
        for skipped in manifest.skipped {
            Console.error("Skipped chapter \(skipped.index) (\(skipped.href)): \(skipped.reason)")
        }
        let files = manifest.chapters.allSatisfy { $0.audio != nil }
            ? "audio, timing sidecars, \(OutputNaming.manifestFile) and \(OutputNaming.playlistFile) are in:"
            : "timing sidecars and \(OutputNaming.manifestFile) are in (the audio is in the single file only):"
        Console.error("The book: \(plural(manifest.chapters.count, "chapter")), \(clock(manifest.duration.value)) of audio at "
            + "\(manifest.rate.preset), voice \(manifest.voice); " + files)
        print(summary.folder)
    }
}
